/**
 * A selectable list and a scrolling text view that draw only the lines that fit. The selected
 * line is marked "›" as well as highlighted, so it shows without colours (NO_COLOR).
 */
import { memo, useRef, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { fit, follow } from '../text.js';

export interface ListItem {
  key: string;
  text: string;
  /** Shown dim (not selectable in spirit: "coming"). */
  dim?: boolean;
  /** A heading line between items (not selectable). */
  heading?: boolean;
  color?: string;
}

interface ItemProps {
  text: string;
  selected: boolean;
  active: boolean;
  dim: boolean;
  heading: boolean;
  color?: string;
}

const Item = memo(function Item({ text, selected, active, dim, heading, color }: ItemProps) {
  return (
    <Text
      inverse={selected && active}
      bold={heading || (selected && !active)}
      dimColor={dim && !selected}
      color={heading ? 'cyan' : color}
      wrap="truncate"
    >
      {text}
    </Text>
  );
});

export interface SelectListProps {
  items: readonly ListItem[];
  selected: number;
  height: number;
  width: number;
  active?: boolean;
  empty?: ReactNode;
}

export function SelectList({ items, selected, height, width, active = true, empty }: SelectListProps) {
  const top = useRef(0);
  top.current = follow(top.current, Math.max(0, selected), height, items.length);
  const shown = items.slice(top.current, top.current + height);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {items.length === 0
        ? empty
        : shown.map((item, offset) => (
            <Item
              key={item.key}
              text={fit(`${top.current + offset === selected ? '›' : ' '}${item.text}`, width)}
              selected={top.current + offset === selected}
              active={active}
              dim={item.dim === true}
              heading={item.heading === true}
              color={item.color}
            />
          ))}
    </Box>
  );
}

/** A line of a text view: plain, or styled. */
export interface ViewLine {
  text: string;
  bold?: boolean;
  dim?: boolean;
  color?: string;
  /** Marks the first line of a section (the sidebar follows the one at the top). */
  anchor?: string;
}

const LineView = memo(function LineView({ line, width }: { line: ViewLine; width: number }) {
  if (line.text.includes('\u001b')) {
    // styled text (the company sections): Ink cuts it without counting the escapes
    return (
      <Box width={width} height={1}>
        <Text wrap="truncate">{line.text}</Text>
      </Box>
    );
  }
  return (
    <Text bold={line.bold} dimColor={line.dim} color={line.color} wrap="truncate">
      {fit(line.text, width)}
    </Text>
  );
});

export interface ScrollViewProps {
  lines: readonly ViewLine[];
  /** Index of the first line shown. */
  top: number;
  height: number;
  width: number;
}

/** Lines from `top`, with a scroll mark on the right edge when there is more. */
export function ScrollView({ lines, top, height, width }: ScrollViewProps) {
  const shown = lines.slice(top, top + height);
  const more = top + height < lines.length;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {shown.map((line, i) => (
        <LineView
          key={top + i}
          line={
            i === shown.length - 1 && more && !line.text.includes('\u001b')
              ? { ...line, text: fit(line.text, width - 2) + ' ↓', dim: line.dim }
              : line
          }
          width={width}
        />
      ))}
    </Box>
  );
}
