/**
 * The order of a batch's company numbers, found without comparing strings: a bulk load COPYs each
 * batch in key order (the primary key is then filled page by page) and checks batches in flight
 * for shared numbers by merging their sorted keys. Sorting 50,000 strings, and a Set of them per
 * batch, cost about 1.3 s of the importer's CPU per million rows; this costs a few milliseconds.
 */
export interface KeyOrder {
  /** Positions in the batch, by company number (stable: equal numbers keep their order). */
  order: Uint32Array;
  /** The numbers as numbers (base 36, which keeps their order), ascending. */
  sorted: Float64Array;
}

const BUCKETS = 36 * 36;

/** Company numbers are 8 of [0-9A-Z] (the mapper checks it); anything else sorts as a string would. */
export function companyNumberOrder(numbers: readonly string[]): KeyOrder {
  const n = numbers.length;
  // Each number as four digits of base 1296 (two characters each).
  const digits = new Uint16Array(n * 4);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const number = numbers[i];
    if (number.length !== 8) return byString(numbers);
    let value = 0;
    for (let d = 0; d < 4; d++) {
      const hi = symbol(number.charCodeAt(2 * d));
      const lo = symbol(number.charCodeAt(2 * d + 1));
      if (hi < 0 || lo < 0) return byString(numbers);
      const digit = hi * 36 + lo;
      digits[i * 4 + d] = digit;
      value = value * BUCKETS + digit;
    }
    values[i] = value;
  }
  // Least significant digit first, each pass a stable counting sort.
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Uint32Array(n);
  const counts = new Uint32Array(BUCKETS + 1);
  for (let d = 3; d >= 0; d--) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[digits[order[i] * 4 + d] + 1]++;
    for (let b = 1; b <= BUCKETS; b++) counts[b] += counts[b - 1];
    for (let i = 0; i < n; i++) {
      const at = order[i];
      next[counts[digits[at * 4 + d]]++] = at;
    }
    [order, next] = [next, order];
  }
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = values[order[i]];
  return { order, sorted };
}

/** Whether two ascending arrays share a value. */
export function intersects(a: Float64Array, b: Float64Array): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) return true;
    if (a[i] < b[j]) i++;
    else j++;
  }
  return false;
}

/** 0-9 → 0-9, A-Z → 10-35 (the order of the characters), else -1. */
function symbol(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  return -1;
}

/**
 * The fallback for keys of another shape: string order, and as numbers an encoding of their first
 * characters. Different keys may share a number (intersects() then answers true: a batch waits
 * when it need not), equal keys always do (it never misses a shared key).
 */
function byString(numbers: readonly string[]): KeyOrder {
  const order = Uint32Array.from(numbers.keys()).sort((a, b) => (numbers[a] < numbers[b] ? -1 : numbers[a] > numbers[b] ? 1 : a - b));
  const sorted = new Float64Array(numbers.length);
  for (let i = 0; i < order.length; i++) sorted[i] = encode(numbers[order[i]]);
  sorted.sort();
  return { order, sorted };
}

/** A number that equal strings share and that grows with the string's first characters. */
function encode(text: string): number {
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 65536 + (i < text.length ? text.charCodeAt(i) : 0);
  return value;
}
