/**
 * A table that renders only what fits: the header and the rows of the visible window (a 100-row
 * page at 24 lines draws about 15 rows), and of the columns only those that fit the width, the
 * first one pinned (spec 2 9: the first column sticks). The window follows the selected row and
 * the focused column, moving as little as possible. Rows are memoised: moving the selection
 * re-renders two rows, not the page. The selected row is marked "›" and the focused column's
 * header "›" as well as coloured, so both show without colours (NO_COLOR).
 */
import { memo, useRef } from 'react';
import { Box, Text } from 'ink';
import { fit, follow } from '../text.js';

export interface TableColumn {
  id: string;
  label: string;
  width: number;
  align?: 'left' | 'right';
}

export interface TableProps<R> {
  columns: readonly TableColumn[];
  rows: readonly R[];
  /** The text of a cell. */
  cell(row: R, column: TableColumn): string;
  rowKey(row: R, index: number): string;
  selected: number;
  /** Index of the focused column (filters and sorting act on it); -1 for none. */
  focusedColumn?: number;
  /** Lines for the header and the rows together. */
  height: number;
  width: number;
  /** Marks after a header: sort arrow, filter dot. */
  headerMark?(column: TableColumn): string;
  /** Dim the selection when another pane has the keys. */
  active?: boolean;
  /** Shown instead of rows when there are none. */
  empty?: string;
  /** Rows with something under them (an expanded lender): a mark before the row. */
  marked?(row: R): boolean;
}

const GAP = ' ';

interface RowProps {
  text: string;
  selected: boolean;
  active: boolean;
}

const Row = memo(function Row({ text, selected, active }: RowProps) {
  return (
    <Text inverse={selected && active} bold={selected && !active} wrap="truncate">
      {text}
    </Text>
  );
});

/** Which columns fit: the first pinned, then a run from `left` that includes `focused`. */
export function visibleColumns(widths: readonly number[], focused: number, left: number, width: number): { left: number; shown: number[] } {
  if (widths.length === 0) return { left: 0, shown: [] };
  const fits = (from: number, to: number) => {
    let total = widths[0];
    for (let i = from; i <= to; i++) total += GAP.length + widths[i];
    return total <= width;
  };
  let start = Math.max(1, Math.min(left, widths.length - 1));
  if (focused >= 1) {
    if (focused < start) start = focused;
    while (start < focused && !fits(start, focused)) start++;
  }
  const shown = [0];
  for (let i = start; i < widths.length && fits(start, i); i++) shown.push(i);
  return { left: start, shown };
}

export function VirtualTable<R>(props: TableProps<R>) {
  const { columns, rows, selected, height, width, active = true } = props;
  const focused = props.focusedColumn ?? -1;
  const top = useRef(0);
  const left = useRef(1);
  const bodyHeight = Math.max(1, height - 1);
  top.current = follow(top.current, Math.max(0, selected), bodyHeight, rows.length);
  const view = visibleColumns(
    columns.map((c) => c.width),
    focused,
    left.current,
    width - 3 - (props.marked ? 1 : 0),
  );
  left.current = view.left;
  const shown = view.shown.map((i) => columns[i]);
  const pinnedWidth = (c: TableColumn, i: number) => (i === 0 ? Math.min(c.width, Math.max(8, width - 3)) : c.width);
  const line = (texts: string[]) => texts.map((t, i) => fit(t, pinnedWidth(shown[i], i), shown[i].align)).join(GAP);
  const hiddenLeft = view.left > 1;
  const hiddenRight = (view.shown.at(-1) ?? 0) < columns.length - 1;
  const end = Math.min(rows.length, top.current + bodyHeight);
  const windowRows = rows.slice(top.current, end);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate">
        <Text>{(hiddenLeft ? '‹' : ' ') + (props.marked ? ' ' : '') + ' '}</Text>
        {shown.map((c, i) => {
          const label = `${view.shown[i] === focused ? '›' : ''}${c.label}${props.headerMark?.(c) ?? ''}`;
          const isFocused = view.shown[i] === focused;
          return (
            <Text key={c.id} bold underline={isFocused} color={isFocused ? 'cyan' : undefined}>
              {(i > 0 ? GAP : '') + fit(label, pinnedWidth(c, i), c.align)}
            </Text>
          );
        })}
        <Text>{hiddenRight ? ' ›' : ''}</Text>
      </Text>
      {rows.length === 0 ? (
        <Text dimColor>{props.empty ?? 'No rows'}</Text>
      ) : (
        windowRows.map((row, offset) => {
          const index = top.current + offset;
          const mark = (index === selected ? '›' : ' ') + (props.marked ? (props.marked(row) ? '▾' : ' ') : '');
          return (
            <Row
              key={props.rowKey(row, index)}
              text={`${mark} ${line(shown.map((c) => props.cell(row, c)))}`}
              selected={index === selected}
              active={active}
            />
          );
        })
      )}
    </Box>
  );
}
