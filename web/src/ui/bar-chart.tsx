/**
 * A small dependency-free SVG bar chart: one bar per point, a zero line, negative values below
 * it, an empty value (null) leaves its slot blank. The layout is a pure function
 * (`barChartLayout`) so it can be tested without a DOM; the accessible name (`aria-label` and
 * `<title>`) lists every value as `format` shows it.
 */
export interface BarChartPoint {
  label: string;
  value: number | null;
  /** Shown under the bar instead of label (which stays in the accessible name), e.g. "FY24". */
  tick?: string;
}

export interface BarChartBar {
  label: string;
  value: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

export interface BarChartLayout {
  width: number;
  height: number;
  /** y of the zero line. */
  zeroY: number;
  bars: BarChartBar[];
}

/** Space under the plot for the point labels. */
export const BAR_CHART_LABEL_SPACE = 14;

export function barChartLayout(points: readonly BarChartPoint[], width = 160, height = 80): BarChartLayout {
  const plotTop = 2;
  const plotBottom = height - BAR_CHART_LABEL_SPACE;
  const values = points.map((p) => (p.value !== null && Number.isFinite(p.value) ? p.value : null));
  const known = values.filter((v): v is number => v !== null);
  const max = Math.max(0, ...known);
  const min = Math.min(0, ...known);
  const span = max - min;
  const scale = span === 0 ? 0 : (plotBottom - plotTop) / span;
  const zeroY = span === 0 ? plotBottom : plotTop + max * scale;
  const slot = points.length ? width / points.length : width;
  const barWidth = Math.max(1, slot * 0.6);
  const bars = points.map((p, i) => {
    const value = values[i]!;
    const x = i * slot + (slot - barWidth) / 2;
    if (value === null) return { label: p.label, value: null, x, y: zeroY, width: barWidth, height: 0, negative: false };
    const h = Math.abs(value) * scale;
    return { label: p.label, value, x, y: value < 0 ? zeroY : zeroY - h, width: barWidth, height: h, negative: value < 0 };
  });
  return { width, height, zeroY, bars };
}

/** "Revenue (£m): FY2022 1.20, FY2023 -0.40" */
export function barChartDescription(title: string, points: readonly BarChartPoint[], format: (value: number | null) => string): string {
  return `${title}: ${points.map((p) => `${p.label} ${format(p.value)}`).join(', ')}`;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function BarChart({
  title,
  points,
  format,
  width = 160,
  height = 80,
}: {
  title: string;
  points: readonly BarChartPoint[];
  format(value: number | null): string;
  width?: number;
  height?: number;
}) {
  const layout = barChartLayout(points, width, height);
  const description = barChartDescription(title, points, format);
  return (
    <svg className="bar-chart" role="img" aria-label={description} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
      <title>{description}</title>
      {layout.bars.map((bar, i) => (
        <g key={bar.label}>
          {bar.value !== null && (
            <rect
              className={`bar-chart__bar${bar.negative ? ' bar-chart__bar--negative' : ''}`}
              x={round(bar.x)}
              y={round(bar.y)}
              width={round(bar.width)}
              height={round(Math.max(bar.height, 0.5))}
            >
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
          )}
          <text className="bar-chart__label" x={round(bar.x + bar.width / 2)} y={height - 3} textAnchor="middle" aria-hidden="true">
            {points[i]!.tick ?? bar.label}
          </text>
        </g>
      ))}
      <line className="bar-chart__zero" x1={0} x2={width} y1={round(layout.zeroY)} y2={round(layout.zeroY)} />
    </svg>
  );
}
