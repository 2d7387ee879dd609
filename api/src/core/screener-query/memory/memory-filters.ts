/**
 * A filter on an in-memory column, as the set of its ranks that pass (NULL included), with the
 * meaning sql-filters.ts gives the same filter in SQL: text compared lower-cased, "is not one of"
 * and the empty tests keeping rows without a value as SQL does, integer bounds as numberBound
 * reads them. Answers null for a filter this column cannot answer here (the caller then asks
 * Postgres).
 */
import type { FilterScalar, NormalisedFilter } from '@credence/shared';
import { dateNumber, lowerBound, upperBound, type MemoryColumn } from './memory-table.js';

const TEXT_MATCHES: Record<string, (value: string, needle: string) => boolean> = {
  contains: (value, needle) => value.includes(needle),
  startsWith: (value, needle) => value.startsWith(needle),
  endsWith: (value, needle) => value.endsWith(needle),
  equals: (value, needle) => value === needle,
};

/** A filter's value as this column's number (dates as yyyymmdd, booleans 0/1), or NaN. */
function asNumber(column: MemoryColumn, value: FilterScalar | undefined): number {
  if (value === undefined || value === null) return Number.NaN;
  if (column.kind === 'date') return typeof value === 'string' ? dateNumber(value) : Number.NaN;
  if (column.kind === 'boolean') return value === true || value === 'true' ? 1 : value === false || value === 'false' ? 0 : Number.NaN;
  if (typeof value === 'string' && value.trim() === '') return Number.NaN;
  return typeof value === 'number' ? value : Number(value);
}

function markRange(allowed: Uint8Array, from: number, to: number): void {
  allowed.fill(1, Math.max(0, from), Math.max(0, to));
}

function textValues(column: MemoryColumn): readonly string[] {
  return column.lowered ?? (column.values as readonly string[]).map((v) => v.toLowerCase());
}

/**
 * The ranks of `column` (0..nullRank, nullRank being NULL) that pass `filter`, as a 0/1 table;
 * null when the filter is not one this column answers in memory.
 */
export function allowedRanks(column: MemoryColumn, filter: NormalisedFilter): Uint8Array | null {
  const nullRank = column.nullRank;
  const allowed = new Uint8Array(nullRank + 1);
  const text = !column.numeric;
  const values = column.values;
  if (column.joinedArray && filter.type !== 'contains' && filter.type !== 'empty' && filter.type !== 'notEmpty') return null;
  switch (filter.type) {
    case 'empty':
    case 'notEmpty': {
      // SQL: NULL, or for text and select columns also ''.
      allowed[nullRank] = 1;
      if (text && (column.kind === 'text' || column.kind === 'select')) {
        (values as readonly string[]).forEach((v, rank) => {
          if (v === '') allowed[rank] = 1;
        });
      }
      if (filter.type === 'notEmpty') for (let r = 0; r <= nullRank; r++) allowed[r] ^= 1;
      return allowed;
    }
    case 'contains':
    case 'startsWith':
    case 'endsWith': {
      if (!text) return null;
      const needle = String(filter.value ?? '').toLowerCase();
      const match = TEXT_MATCHES[filter.type];
      textValues(column).forEach((v, rank) => {
        if (match(v, needle)) allowed[rank] = 1;
      });
      return allowed;
    }
    case 'is_one_of':
    case 'is_not_one_of': {
      let wanted = (filter.values ?? []).map((v) => String(v));
      if (column.numeric) {
        // As filterCondition: an integer column keeps integer spellings, a number column finite numbers.
        if (column.integer) wanted = wanted.filter((v) => /^-?\d+$/.test(v.trim()));
        else if (column.kind === 'number') wanted = wanted.filter((v) => v.trim() !== '' && Number.isFinite(Number(v)));
        const numbers = values as Float64Array;
        for (const v of wanted) {
          const n = column.kind === 'date' ? dateNumber(v) : Number(v);
          if (!Number.isFinite(n)) continue;
          const rank = lowerBound(numbers, n);
          if (rank < numbers.length && numbers[rank] === n) allowed[rank] = 1;
        }
      } else {
        const set = new Set(wanted);
        (values as readonly string[]).forEach((v, rank) => {
          if (set.has(v)) allowed[rank] = 1;
        });
      }
      // is_not_one_of keeps the rows with no value (SQL: col IS NULL OR col <> ALL(...)).
      if (filter.type === 'is_not_one_of') {
        for (let r = 0; r < nullRank; r++) allowed[r] ^= 1;
        allowed[nullRank] = 1;
      }
      return allowed;
    }
    case 'equals': {
      if (column.kind === 'text') {
        if (!text) return null;
        const needle = String(filter.value ?? '').toLowerCase();
        textValues(column).forEach((v, rank) => {
          if (v === needle) allowed[rank] = 1;
        });
        return allowed;
      }
      if (text) {
        // A select column: exact spelling.
        const needle = String(filter.value ?? '');
        (values as readonly string[]).forEach((v, rank) => {
          if (v === needle) allowed[rank] = 1;
        });
        return allowed;
      }
      const n = asNumber(column, filter.value);
      if (Number.isNaN(n)) return null;
      const numbers = values as Float64Array;
      markRange(allowed, lowerBound(numbers, n), upperBound(numbers, n));
      return allowed;
    }
    case 'greaterThan':
    case 'after':
    case 'lessThan':
    case 'before':
    case 'between':
    case 'range': {
      if (text) return null;
      const numbers = values as Float64Array;
      const n = asNumber(column, filter.value);
      if (Number.isNaN(n)) return null;
      if (filter.type === 'greaterThan' || filter.type === 'after') markRange(allowed, upperBound(numbers, n), nullRank);
      else if (filter.type === 'lessThan' || filter.type === 'before') markRange(allowed, 0, lowerBound(numbers, n));
      else {
        const to = asNumber(column, filter.valueTo);
        if (Number.isNaN(to)) return null;
        markRange(allowed, lowerBound(numbers, n), upperBound(numbers, to));
      }
      return allowed;
    }
    default:
      return null;
  }
}
