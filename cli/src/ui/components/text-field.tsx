/** One line of editable text with a block cursor; scrolls sideways when the text is longer than the field. */
import { Text } from 'ink';
import { length } from '../text.js';

export interface TextFieldProps {
  label: string;
  value: string;
  cursor: number;
  focused: boolean;
  width: number;
  placeholder?: string;
}

export function TextField({ label, value, cursor, focused, width, placeholder }: TextFieldProps) {
  const room = Math.max(4, width - length(label) - 1);
  const chars = Array.from(value);
  const at = Math.min(Math.max(0, cursor), chars.length);
  const start = Math.max(0, at - room + 1);
  const shown = chars.slice(start, start + room);
  const before = shown.slice(0, at - start).join('');
  const under = shown[at - start] ?? ' ';
  const after = shown.slice(at - start + 1).join('');
  const used = length(before) + 1 + length(after);
  return (
    <Text wrap="truncate">
      <Text bold color={focused ? 'cyan' : undefined}>
        {label}
      </Text>
      {value === '' && !focused && placeholder ? (
        <Text dimColor>{placeholder.slice(0, room)}</Text>
      ) : (
        <>
          <Text>{before}</Text>
          <Text inverse={focused}>{under}</Text>
          <Text>{after}</Text>
          <Text dimColor>{value === '' && placeholder ? placeholder.slice(0, Math.max(0, room - used)) : ''}</Text>
        </>
      )}
    </Text>
  );
}
