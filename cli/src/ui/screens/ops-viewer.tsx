/**
 * The ops screen's viewer (split from ops.tsx): a tail's, search's or screen's lines as the
 * terminal shows them (a merged tail's source tag in its colour), the rows in view, and the status bar's parts.
 */
import { bottomTop, LIVE_WATCH_INITIAL, opsStatusBar, prettyJson, watchStatusText } from '@credence/shared';
import { ScrollView, type ViewLine } from '../components/lists.js';
import type { OpsState, ViewerLayout } from '../ops/ops-model.js';
import { sourceTag } from '../ops/source-tag.js';
import { logLineText, outsideLineText } from '../../output/outside-text.js';
import { cut, length, sidewaysSlice, wrapCells } from '../text.js';

/**
 * The viewer's lines as the terminal shows them, each as its rows: numbered (a search), a log
 * line by the shared log rule (timestamp dimmed, level coloured), a screen by the outside-text
 * rule, tabs as spaces; a JSON line pretty-printed on several rows when J is on.
 */
export function viewerLines(state: OpsState, color: boolean): ViewLine[][] {
  if (!state.view) return [];
  const pattern = (state.view.kind === 'search' ? state.view.pattern : '') || undefined;
  const screen = state.view.kind === 'screen';
  const sources = state.view.kind === 'tail' && state.view.sources.length > 1 ? state.view.sources : null;
  return state.lines.lines.map((line) => {
    const from = sources && line.source !== undefined ? sources[line.source] : null;
    const number = from
      ? `${sourceTag(cut(from.label, 24), color, from.colour)} `
      : line.lineNumber !== undefined
        ? `${String(line.lineNumber).padStart(6)}  `
        : '';
    if (line.marker) return [{ text: number + outsideLineText(line.text, false), dim: true }];
    const pretty = state.json && !screen ? prettyJson(line.text) : null;
    const texts = pretty ?? [line.text];
    return texts.map((text, i) => {
      const plain = text.replace(/\t/g, '    ');
      const shown = screen ? outsideLineText(plain, color) : logLineText(plain, color, pattern);
      return { text: (i === 0 ? number : ' '.repeat(length(number))) + shown };
    });
  });
}

/**
 * The lines from the top one (or the bottom, following): wrapped onto rows of the width (w), or
 * seen from `left` cells on (h/l), "…" at an edge where a line goes on.
 */
export function Viewer({ state, lines, layout }: { state: OpsState; lines: ViewLine[][]; layout: ViewerLayout }) {
  const { width, height } = layout;
  const rows: ViewLine[] = [];
  const top = Math.min(state.top ?? bottomTop(lines.length, height, layout.rowsOf), Math.max(0, lines.length - 1));
  for (let i = top; i < lines.length && rows.length < height; i++) {
    for (const line of lines[i]) {
      if (state.wrap) for (const row of wrapCells(line.text, width)) rows.push({ ...line, text: row });
      else rows.push({ ...line, text: sidewaysSlice(line.text, state.left, width) });
    }
  }
  return <ScrollView lines={rows.slice(0, height)} top={0} height={height} width={width} />;
}

export function statusParts(state: OpsState): string[] {
  const view = state.view;
  const file = view && view.kind !== 'screen' ? view.file : state.pane === 'logs' ? state.files?.[state.selected.logs] : null;
  const screen = view?.kind === 'screen' ? view.screen : state.pane === 'screens' ? state.screens?.[state.selected.screens] : null;
  const merged = view?.kind === 'tail' && view.sources.length > 1;
  const parts = opsStatusBar({
    instance: state.instance,
    file: (state.pane === 'screens' && !view) || merged ? null : file,
    screen: view && view.kind !== 'screen' ? null : screen,
    // a paused tail counts what keeps coming, though it shows the lines as they were
    lines: view ? (view.kind === 'tail' ? state.buffered : state.lines.lines.filter((l) => !l.marker).length) : null,
    // a merged tail says which of its sources follow instead (below)
    watching: view !== null && view.kind !== 'search' && view.watching && !merged,
  });
  if (view?.kind === 'tail' && view.paused) parts.push('PAUSED');
  if (view?.kind === 'tail' && merged) {
    const said = watchStatusText({ ...LIVE_WATCH_INITIAL, sources: view.sources, watching: view.watching });
    if (said) parts.push(said);
  }
  if (view?.kind === 'tail' && state.filters.include) parts.push(`only ${state.filters.include}`);
  if (view?.kind === 'tail' && state.filters.exclude) parts.push(`not ${state.filters.exclude}`);
  return parts;
}
