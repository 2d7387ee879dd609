/**
 * A companyfacts document read from its bytes without building the whole object tree: `cik`,
 * `entityName` and the concepts `wanted` answers true for are JSON.parse-d; every other concept
 * (a large filer's file holds thousands of facts under hundreds of concepts, of which the KPI
 * catalogue reads a few dozen) is stepped over by its brackets and strings only. The answer has
 * the document's shape with just those concepts, for mapCompanyFacts.
 *
 * Measured reason (docs/decisions.md, issue 16): JSON.parse of the whole file was the import's
 * floor, below the 50 companies a second the nightly bulk needs. Anything the scan cannot step
 * over as JSON (a cut-short file, a stray byte between tokens) throws a ScanError and the caller
 * falls back to JSON.parse, so bad files are named with the parser's own reason.
 */
export class ScanError extends Error {}

type Json = Record<string, unknown>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function scanCompanyFacts(bytes: Buffer, wanted: (concept: string) => boolean): Json {
  const s = new Scanner(bytes);
  const doc: Json = {};
  s.object((key) => {
    if (key === 'facts' && s.peek() === OPEN_BRACE) doc.facts = s.taxonomies(wanted);
    else if (key === 'cik' || key === 'entityName' || key === 'facts') doc[key] = s.parseValue();
    else s.skipValue();
  });
  s.space();
  if (s.i !== bytes.length) throw new ScanError('bytes after the document');
  return doc;
}

class Scanner {
  i = 0;
  private readonly n: number;
  constructor(private readonly b: Buffer) {
    this.n = b.length;
  }

  space(): void {
    while (this.i < this.n && isSpace(this.b[this.i])) this.i++;
  }

  peek(): number {
    this.space();
    if (this.i >= this.n) throw new ScanError('cut short');
    return this.b[this.i];
  }

  /** `{"key": value, ...}`: `onValue` must step over (or parse) the value at `i`. */
  object(onValue: (key: string) => void): void {
    if (this.peek() !== OPEN_BRACE) throw new ScanError('not an object');
    this.i++;
    if (this.peek() === CLOSE_BRACE) {
      this.i++;
      return;
    }
    for (;;) {
      if (this.peek() !== QUOTE) throw new ScanError('expected a key');
      const start = this.i;
      this.i = this.stringEnd(start) + 1;
      const key = this.text(start, this.i);
      if (this.peek() !== COLON) throw new ScanError('expected a colon');
      this.i++;
      this.space();
      onValue(key);
      const c = this.peek();
      this.i++;
      if (c === CLOSE_BRACE) return;
      if (c !== COMMA) throw new ScanError('expected a comma');
    }
  }

  /** `{"us-gaap": {"Concept": {...}}}` keeping the wanted concepts only. */
  taxonomies(wanted: (concept: string) => boolean): Json {
    const facts: Json = {};
    this.object((taxonomy) => {
      if (this.peek() !== OPEN_BRACE) return this.skipValue();
      const concepts: Json = {};
      this.object((name) => {
        if (wanted(`${taxonomy}:${name}`)) concepts[name] = this.parseValue();
        else this.skipValue();
      });
      facts[taxonomy] = concepts;
    });
    return facts;
  }

  parseValue(): unknown {
    const start = this.i;
    this.skipValue();
    try {
      return JSON.parse(this.b.toString('utf8', start, this.i));
    } catch (error) {
      throw new ScanError((error as Error).message);
    }
  }

  /** Steps over one value: strings by their quotes, objects and arrays by their brackets. */
  skipValue(): void {
    const b = this.b;
    const n = this.n;
    let j = this.i;
    const first = b[j];
    if (first === QUOTE) {
      this.i = this.stringEnd(j) + 1;
      return;
    }
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
      // A number, true, false or null: up to the next delimiter.
      while (j < n) {
        const c = b[j];
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
        j++;
      }
      if (j === this.i) throw new ScanError('expected a value');
      this.i = j;
      return;
    }
    let depth = 0;
    while (j < n) {
      const c = b[j];
      if (c === QUOTE) {
        j = this.stringEnd(j) + 1;
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth === 0) {
          this.i = j + 1;
          return;
        }
      }
      j++;
    }
    throw new ScanError('cut short');
  }

  /** The index of the quote that closes the string opened at `start`. */
  private stringEnd(start: number): number {
    const b = this.b;
    const n = this.n;
    let j = start + 1;
    while (j < n) {
      const c = b[j];
      if (c === QUOTE) return j;
      j += c === BACKSLASH ? 2 : 1;
    }
    throw new ScanError('cut short in a string');
  }

  /** A key's text (`start` at its opening quote, `end` after its closing one). */
  private text(start: number, end: number): string {
    const raw = this.b.toString('utf8', start + 1, end - 1);
    return raw.includes('\\') ? (JSON.parse(this.b.toString('utf8', start, end)) as string) : raw;
  }
}
