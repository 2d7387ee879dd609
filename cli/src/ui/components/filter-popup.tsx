/** The filter popup of a screener table's focused column: the filter type, its value(s) or options, the spec's message and the keys. */
import { Box, Text } from 'ink';
import { type ColumnSpec, type FilterType, type TableState } from '@credence/shared';
import { cut, fit } from '../text.js';
import { TextField } from './text-field.js';

/** How a filter type reads in the popup. */
export const FILTER_TYPE_WORDS: Readonly<Record<FilterType, string>> = {
  contains: 'contains',
  startsWith: 'starts with',
  endsWith: 'ends with',
  equals: 'equals',
  greaterThan: 'greater than',
  lessThan: 'less than',
  between: 'between',
  is_one_of: 'is one of',
  is_not_one_of: 'is not one of',
  empty: 'is empty',
  notEmpty: 'is not empty',
  after: 'after',
  before: 'before',
  range: 'range',
};

export type Field = 'type' | 'value' | 'valueTo' | 'options';

export function fieldsFor(kind: ColumnSpec['kind'], type: FilterType): Field[] {
  if (type === 'empty' || type === 'notEmpty') return ['type'];
  if (kind === 'select') return ['type', 'options'];
  if (type === 'between' || type === 'range') return ['type', 'value', 'valueTo'];
  return ['type', 'value'];
}

/** Lines the popup takes. */
export function popupHeight(column: ColumnSpec | undefined, type: FilterType): number {
  if (!column) return 0;
  // border 2, title, type, [fields], message, keys
  if (type === 'empty' || type === 'notEmpty') return 6;
  if (column.kind === 'select') return 7 + 6;
  return type === 'between' || type === 'range' ? 8 : 7;
}

interface PanelProps {
  column: ColumnSpec;
  popup: NonNullable<TableState<unknown>['popup']>;
  field: Field;
  cursor: number;
  options: TableState<unknown>['options'][string] | null;
  matching: readonly string[];
  optionCursor: number;
  optionSearch: string;
  width: number;
}

/** The filter popup of one column: type, value(s), the spec's message, the keys. */
export function FilterPopupPanel({ column, popup, field, cursor, options, matching, optionCursor, optionSearch, width }: PanelProps) {
  const inner = Math.max(20, width - 4);
  const dates = column.kind === 'date' ? ' (DD/MM/YYYY)' : column.kind === 'number' ? ' (10m, 1.5bn, 250k)' : '';
  const fields = fieldsFor(column.kind, popup.type);
  const typeLine = popup.types.map((t) => (t === popup.type ? `‹${FILTER_TYPE_WORDS[t]}›` : FILTER_TYPE_WORDS[t])).join('  ');
  const optionRows = 6;
  const top = Math.max(0, Math.min(optionCursor - optionRows + 1, Math.max(0, matching.length - optionRows)));
  return (
    <Box flexDirection="column" width={width} height={popupHeight(column, popup.type)} borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold wrap="truncate">
        {fit(`Filter ${column.label}${dates}`, inner)}
      </Text>
      <Text wrap="truncate" color={field === 'type' ? 'cyan' : undefined}>
        {fit(`${field === 'type' ? '›' : ' '}Type: ${typeLine}`, inner)}
      </Text>
      {fields.includes('value') ? (
        <TextField
          label={`${field === 'value' ? '›' : ' '}${popup.type === 'between' || popup.type === 'range' ? 'From' : 'Value'}: `}
          value={popup.value}
          cursor={cursor}
          focused={field === 'value'}
          width={inner}
        />
      ) : null}
      {fields.includes('valueTo') ? (
        <TextField
          label={`${field === 'valueTo' ? '›' : ' '}To: `}
          value={popup.valueTo}
          cursor={cursor}
          focused={field === 'valueTo'}
          width={inner}
        />
      ) : null}
      {fields.includes('options') ? (
        <>
          <TextField
            label={`${field === 'options' ? '›' : ' '}Options (${popup.values.length} chosen), type to find: `}
            value={optionSearch}
            cursor={optionSearch.length}
            focused={field === 'options'}
            width={inner}
          />
          {options?.status === 'loading' ? <Text dimColor>Loading options…</Text> : null}
          {options?.status === 'error' ? <Text color="red">{options.error}</Text> : null}
          {Array.from({ length: optionRows }, (_, i) => {
            const option = matching[top + i];
            if (option === undefined) return <Text key={i}> </Text>;
            const chosen = popup.values.includes(option);
            return (
              <Text key={i} inverse={top + i === optionCursor && field === 'options'} wrap="truncate">
                {fit(`${top + i === optionCursor ? '›' : ' '}[${chosen ? 'x' : ' '}] ${option}`, inner)}
              </Text>
            );
          }).slice(0, options?.status === 'ready' ? optionRows : optionRows - 1)}
        </>
      ) : null}
      <Text color="red" wrap="truncate">
        {fit(popup.error ?? '', inner)}
      </Text>
      <Text dimColor wrap="truncate">
        {cut('Tab next field · ← → type · Space tick · Enter apply · Ctrl-X clear · Esc close', inner)}
      </Text>
    </Box>
  );
}
