/** `?`: every key of the UI, scrollable with j/k when the terminal is short. */
import { Box, Text } from 'ink';
import { helpLines } from '../keys.js';
import { fit } from '../text.js';

export const HELP_LINES = helpLines();

export function HelpOverlay({ top, width, height }: { top: number; width: number; height: number }) {
  const inner = Math.max(10, width - 4);
  const room = Math.max(1, height - 3);
  const start = Math.max(0, Math.min(top, HELP_LINES.length - room));
  const shown = HELP_LINES.slice(start, start + room);
  const more = start + room < HELP_LINES.length;
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold wrap="truncate">
        {fit(`Keys${more || start > 0 ? '  (j/k scroll)' : ''}  ·  ? or Esc closes`, inner)}
      </Text>
      {shown.map((line, i) =>
        line.startsWith('# ') ? (
          <Text key={start + i} bold color="cyan" wrap="truncate">
            {fit(line.slice(2), inner)}
          </Text>
        ) : (
          <Text key={start + i} wrap="truncate">
            {fit(line, inner)}
          </Text>
        ),
      )}
    </Box>
  );
}
