/**
 * The sample generator's randomness: sfc32 (a small, fast counter-based PRNG that passes
 * PractRand), seeded per company from (seed, stream, index) through a 32-bit mixer, so that any
 * company can be generated on its own, in any order, and always comes out the same. Never
 * Math.random: the same seed and size must give the same data.
 */

/** A 32-bit avalanche mix (the finaliser of MurmurHash3). */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hashes a few integers (or a string) to 32 bits. */
export function hash32(...parts: (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    if (typeof part === 'number') {
      h = mix32(h ^ mix32((part | 0) + Math.imul(Math.floor(part / 4294967296) | 0, 0x27d4eb2d)));
    } else {
      for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
      h = mix32(h);
    }
  }
  return h >>> 0;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789abcdef';
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0, index = 0) {
    this.a = hash32(seed, 0x51ed270b, stream);
    this.b = hash32(seed, 0x2545f491, index);
    this.c = hash32(stream, index, 0x9e3779b9);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** The next 32 random bits as an unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max] (both included). */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Standard normal (Box-Muller, one value per call). */
  normal(): number {
    let u = this.next();
    if (u < 1e-12) u = 1e-12;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal with the given median and sigma (of the log). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** Picks k distinct items (k <= items.length), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    for (let i = 0; i < k && copy.length; i++) out.push(copy.splice(this.int(copy.length), 1)[0]);
    return out;
  }

  /** `length` characters of base64url (document ids, appointment ids). */
  base64url(length: number): string {
    let out = '';
    let bits = 0;
    let avail = 0;
    while (out.length < length) {
      if (avail < 6) {
        bits = this.u32();
        avail = 32;
      }
      out += BASE64URL[bits & 63];
      bits >>>= 6;
      avail -= 6;
    }
    return out;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) {
      let v = this.u32();
      for (let i = 0; i < 8 && out.length < length; i++, v >>>= 4) out += HEX[v & 15];
    }
    return out;
  }

  /** Upper-case letters and digits (barcodes). */
  alnum(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += UPPER_ALNUM[this.int(36)];
    return out;
  }

  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(this.int(10));
    return out;
  }
}

/**
 * Weighted choice with precomputed cumulative weights: build once at module load, pick many
 * times (binary search).
 */
export class Weighted<T> {
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length !== weights.length || items.length === 0) throw new Error('Weighted: items and weights differ in length');
    let sum = 0;
    this.cumulative = weights.map((w) => (sum += w));
    this.total = sum;
  }

  static of<T>(pairs: readonly (readonly [T, number])[]): Weighted<T> {
    return new Weighted(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}

/** Groups of weighted choices read from data (`{ group: [[args, weight], ...] }`), each item made by `make(...args)`. */
export function weightedGroups<K extends string, A extends unknown[], T>(
  groups: Record<K, readonly (readonly [A, number])[]>,
  make: (...args: A) => T,
): Record<K, Weighted<T>> {
  const entries = Object.entries(groups) as [K, readonly (readonly [A, number])[]][];
  return Object.fromEntries(
    entries.map(([group, pairs]) => [group, Weighted.of(pairs.map(([args, weight]) => [make(...args), weight] as const))]),
  ) as Record<K, Weighted<T>>;
}
