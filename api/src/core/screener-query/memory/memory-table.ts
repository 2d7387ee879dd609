/**
 * A screener view held in memory, column by column, for pages whose filter and sort run against
 * each other (few employees, sorted by assets): Postgres then walks the sort's index past most of
 * the table or fetches and sorts every match, while here a page is a pass over a few typed arrays.
 *
 * Rows are numbered in the database's order of the view's key (its tiebreak), so that a row's
 * number breaks ties exactly as `ORDER BY sort, key` does. Each column stores, per row, the rank
 * of its value among the column's distinct values in the database's order (NULL ranks last), and,
 * when it is sortable, the rows ordered by (rank, row): the list's order, ready to walk.
 */
import type { ColumnKind } from '@credence/shared';

export type RankArray = Uint8Array | Uint16Array | Uint32Array;

export interface MemoryColumn {
  id: string;
  kind: ColumnKind;
  /** Values are numbers: number kinds, integer selects (filing_year), dates (yyyymmdd) and booleans (0, 1). */
  numeric: boolean;
  /** An int4 column (SqlColumn.integer): "is one of" keeps only integer spellings, as in SQL. */
  integer: boolean;
  /**
   * A text[] column held as its elements' joined lower-cased text (SqlColumn.containsSql, a
   * charge's lenders): only contains, empty and notEmpty are answered here.
   */
  joinedArray: boolean;
  /** Each row's rank among the distinct non-null values; NULL is `nullRank`. */
  ranks: RankArray;
  /** The number of distinct non-null values: the rank of NULL. */
  nullRank: number;
  /** The distinct values in rank order: numbers when `numeric`, else text as stored. */
  values: Float64Array | readonly string[];
  /** `values` lower-cased (text columns), for contains / startsWith / endsWith / equals. */
  lowered: readonly string[] | null;
  /** Rows by (rank, row), NULLs last: the column's ascending list. Null when the column is not sortable. */
  order: Uint32Array | null;
  /** Rows with a value: `order[0 .. nonNull)`. */
  nonNull: number;
}

/** Keys (tiebreak values) of the rows, in row order, packed in one buffer (millions of short strings). */
export class PackedKeys {
  private constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Uint32Array,
  ) {}

  static from(keys: readonly string[]): PackedKeys {
    const builder = new PackedKeysBuilder();
    for (const key of keys) builder.add(key);
    return builder.finish();
  }

  /** @internal */
  static of(bytes: Buffer, offsets: Uint32Array): PackedKeys {
    return new PackedKeys(bytes, offsets);
  }

  get length(): number {
    return this.offsets.length - 1;
  }

  get(row: number): string {
    return this.bytes.toString('utf8', this.offsets[row], this.offsets[row + 1]);
  }

  get byteSize(): number {
    return this.bytes.length + this.offsets.byteLength;
  }
}

export class PackedKeysBuilder {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private offsets = new Uint32Array(1 << 12);
  private count = 0;

  add(key: string): void {
    const needed = Buffer.byteLength(key);
    if (this.used + needed > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + needed));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count + 2 > this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[this.count] = this.used;
    this.used += this.bytes.write(key, this.used);
    this.count++;
  }

  get length(): number {
    return this.count;
  }

  finish(): PackedKeys {
    this.offsets[this.count] = this.used;
    return PackedKeys.of(Buffer.from(this.bytes.subarray(0, this.used)), this.offsets.slice(0, this.count + 1));
  }
}

/** What a column is, from the table's column specs and SQL map. */
export interface MemoryColumnSpec {
  id: string;
  kind: ColumnKind;
  sortable: boolean;
  integer: boolean;
  joinedArray?: boolean;
}

export interface MemoryTable {
  /** The view's refresh generation these rows were read at. */
  generation: string;
  rowCount: number;
  keys: PackedKeys;
  columns: ReadonlyMap<string, MemoryColumn>;
}

/** The smallest unsigned array that holds ranks 0..nullRank. */
function narrow(ranks: Uint32Array, nullRank: number): RankArray {
  if (nullRank < 0xff) return Uint8Array.from(ranks);
  if (nullRank < 0xffff) return Uint16Array.from(ranks);
  return ranks;
}

/** Rows by (rank, row): a counting sort, stable in row order. */
function orderByRank(ranks: RankArray, nullRank: number): Uint32Array {
  const starts = new Uint32Array(nullRank + 2);
  for (let i = 0; i < ranks.length; i++) starts[ranks[i] + 1]++;
  for (let r = 1; r < starts.length; r++) starts[r] += starts[r - 1];
  const order = new Uint32Array(ranks.length);
  for (let i = 0; i < ranks.length; i++) order[starts[ranks[i]]++] = i;
  return order;
}

function finishColumn(spec: MemoryColumnSpec, numeric: boolean, wide: Uint32Array, values: Float64Array | readonly string[]): MemoryColumn {
  const nullRank = values.length;
  const ranks = narrow(wide, nullRank);
  let nulls = 0;
  for (let i = 0; i < ranks.length; i++) if (ranks[i] === nullRank) nulls++;
  // A value already in lower case is shared, not copied (numbers, codes).
  const lowered =
    !numeric && spec.kind === 'text'
      ? (values as readonly string[]).map((v) => {
          const lower = v.toLowerCase();
          return lower === v ? v : lower;
        })
      : null;
  return {
    id: spec.id,
    kind: spec.kind,
    numeric,
    integer: spec.integer,
    joinedArray: spec.joinedArray === true,
    ranks,
    nullRank,
    values,
    lowered,
    order: spec.sortable ? orderByRank(ranks, nullRank) : null,
    nonNull: ranks.length - nulls,
  };
}

/**
 * A column of numbers (NaN for NULL), one per row. Numbers order the same in JavaScript as in
 * Postgres, so the ranks are computed here.
 */
export function numericColumn(spec: MemoryColumnSpec, rowValues: Float64Array): MemoryColumn {
  const sorted = rowValues.filter((v) => !Number.isNaN(v)).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i];
  const values = sorted.slice(0, distinct);
  const ranks = new Uint32Array(rowValues.length);
  for (let i = 0; i < rowValues.length; i++) {
    const v = rowValues[i];
    ranks[i] = Number.isNaN(v) ? distinct : lowerBound(values, v);
  }
  return finishColumn(spec, true, ranks, values);
}

/**
 * A text column: its distinct values in the database's collation order (as `SELECT DISTINCT c
 * ORDER BY c` answers them) and each row's rank among them (NULL: values.length).
 */
export function textColumn(spec: MemoryColumnSpec, values: readonly string[], ranks: Uint32Array): MemoryColumn {
  return finishColumn(spec, false, ranks, values);
}

/** The first index whose value is >= v (values ascending). */
export function lowerBound(values: Float64Array, v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose value is > v (values ascending). */
export function upperBound(values: Float64Array, v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** "2024-05-01" → 20240501 (order-preserving), or NaN. */
export function dateNumber(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? Number(match[1]) * 10_000 + Number(match[2]) * 100 + Number(match[3]) : Number.NaN;
}

/** Bytes the table's arrays hold (an estimate of its memory). */
export function memoryTableBytes(table: MemoryTable): number {
  let bytes = table.keys.byteSize;
  for (const column of table.columns.values()) {
    bytes += column.ranks.byteLength + (column.order?.byteLength ?? 0);
    if (column.values instanceof Float64Array) bytes += column.values.byteLength;
    else for (const v of column.values) bytes += 2 * v.length + 16;
    if (column.lowered) for (const v of column.lowered) bytes += 2 * v.length + 16;
  }
  return bytes;
}
