/** The /analysis layout rules of spec 3 (section 2 "/analysis", section 9): the divider and column widths. */
import { RESEARCH_CONSTANTS } from '@credence/shared';

/** The artifacts panel's share of the width, with the chat (left) kept between 30 and 70 percent. */
export function clampArtifactsPercent(percent: number): number {
  const { artifactsMinPercent: min, artifactsMaxPercent: max } = RESEARCH_CONSTANTS;
  if (!Number.isFinite(percent)) return RESEARCH_CONSTANTS.artifactsDefaultPercent;
  const left = Math.min(max, Math.max(min, 100 - percent));
  return 100 - left;
}

/** The artifacts panel's share when the divider is dragged to `clientX` in a container. */
export function artifactsPercentAt(clientX: number, container: { left: number; width: number }): number {
  if (container.width <= 0) return RESEARCH_CONSTANTS.artifactsDefaultPercent;
  const leftPercent = ((clientX - container.left) / container.width) * 100;
  return clampArtifactsPercent(100 - leftPercent);
}

/** A divider moved with the keyboard: arrows move it by `step` percent. */
export function artifactsPercentByKey(percent: number, key: string, step = 5): number | null {
  if (key === 'ArrowLeft') return clampArtifactsPercent(percent + step);
  if (key === 'ArrowRight') return clampArtifactsPercent(percent - step);
  if (key === 'Home') return clampArtifactsPercent(100 - RESEARCH_CONSTANTS.artifactsMinPercent);
  if (key === 'End') return clampArtifactsPercent(100 - RESEARCH_CONSTANTS.artifactsMaxPercent);
  return null;
}

export const COLUMN_MIN_PX = 50;
export const COLUMN_DEFAULT_PX = 200;

/** A column's width after dragging its edge by `deltaPx`: never under 50 px. */
export function resizedColumn(width: number, deltaPx: number): number {
  return Math.max(COLUMN_MIN_PX, Math.round(width + deltaPx));
}
