/** A list's lenders and people under its companies in `credence watch ls --list` (rows worded by shared). */
import { watchedNameRows, type WatchlistDetail } from '@credence/shared';
import { textTable, type Style } from '../output/text.js';

export function watchedNamesTables(detail: WatchlistDetail, width: number, style: Style): string[] {
  const { lenders, people } = watchedNameRows(detail);
  const out: string[] = [];
  for (const [title, rows] of [
    ['Lenders (every company whose charges name one)', lenders],
    ['People (their appointments and PSC entries)', people],
  ] as const) {
    if (rows.length === 0) continue;
    out.push('', style.bold(title));
    out.push(
      ...textTable(
        [{ header: 'Name', flexible: true }, { header: 'Watched', flexible: true }, { header: 'Added' }],
        rows.map((r) => [r.name, r.detail, r.added]),
        width,
        style,
        0,
      ),
    );
  }
  return out.length ? [out.join('\n')] : [];
}
