/**
 * The overview's distress signals in the terminal (issue 27 §1): shared's rows (the same the web
 * shows), the most serious first, each with the record it was read from.
 */
import { DISTRESS_SIGNALS_TITLE, distressSignalRows, type DistressSignal } from '@credence/shared';
import { heading, wrap } from '../output/text.js';
import type { View } from './company-view.js';

export function distressSignalLines(signals: readonly DistressSignal[] | null | undefined, view: View): string[] {
  const rows = distressSignalRows(signals);
  if (!rows.length) return [];
  const out = [heading(`${DISTRESS_SIGNALS_TITLE} (${rows.length})`, view.width, view.style)];
  for (const row of rows) {
    const lines = wrap(`${row.text} · ${row.source}`, view.width - 4);
    const styled = (line: string) => (row.severity === 'high' ? view.style.red(line) : line);
    out.push(...lines.map((line, i) => `  ${i ? '  ' : '• '}${styled(line)}`));
  }
  return out;
}
