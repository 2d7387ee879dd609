/** `?`: every key of the UI, in two columns on a wide terminal, scrollable with j/k when short. */
import { Box, Text } from 'ink';
import { helpLines } from '../keys.js';
import { fit } from '../text.js';

export const HELP_LINES = helpLines();

/** Two columns split between two groups, the longer column as short as it can be. */
export function helpColumns(lines: readonly string[]): [string[], string[]] {
  let best = Math.ceil(lines.length / 2);
  let longest = Number.POSITIVE_INFINITY;
  lines.forEach((line, i) => {
    const longer = Math.max(i, lines.length - i - 1);
    if (line === '' && longer < longest) {
      best = i;
      longest = longer;
    }
  });
  return [lines.slice(0, best), lines.slice(best + 1)];
}

function HelpLine({ line, width }: { line: string; width: number }) {
  return line.startsWith('# ') ? (
    <Text bold color="cyan" wrap="truncate">
      {fit(line.slice(2), width)}
    </Text>
  ) : (
    <Text wrap="truncate">{fit(line, width)}</Text>
  );
}

export function HelpOverlay({ top, width, height }: { top: number; width: number; height: number }) {
  const inner = Math.max(10, width - 4);
  const room = Math.max(1, height - 3);
  const twoColumns = inner >= 96;
  const columns = twoColumns ? helpColumns(HELP_LINES) : [HELP_LINES];
  const longest = Math.max(...columns.map((c) => c.length));
  const start = Math.max(0, Math.min(top, longest - room));
  const more = start + room < longest;
  const columnWidth = twoColumns ? Math.floor((inner - 2) / 2) : inner;
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold wrap="truncate">
        {fit(`Keys${more || start > 0 ? '  (j/k scroll)' : ''}  ·  ? or Esc closes`, inner)}
      </Text>
      <Box flexDirection="row" width={inner} height={room}>
        {columns.map((lines, c) => (
          <Box key={c} flexDirection="column" width={columnWidth} marginRight={c === 0 && twoColumns ? 2 : 0}>
            {lines.slice(start, start + room).map((line, i) => (
              <HelpLine key={start + i} line={line} width={columnWidth} />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
