import { previousNamesCopy, sicColumnsCopy, type ColumnIndex } from './companies-csv.mapper.js';

/**
 * The plain path of CompanyCopyReader: a BasicCompanyData record's COPY line written from its
 * bytes, value by value as companyCopyMapper would write it, or null as soon as a value needs the
 * mapper (a reason to give, something to trim, a number with leading zeros...).
 */

const SLASH = 47;
const ZERO = 48;
const DASH = 45;
const TAB = 9;
const NULL_BYTES = [92, 78]; // \N

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const INT32 = 2_147_483_647;

/** Which published column is in which field, for one file's header. */
interface Layout {
  width: number;
  name: number;
  number: number;
  status: number;
  category: number;
  origin: number;
  incorporated: number;
  dissolved: number;
  address: number[];
  country: number;
  postcode: number;
  sics: number[];
  refDay: number;
  refMonth: number;
  accountsNext: number;
  accountsLast: number;
  accountsCategory: number;
  confNext: number;
  confLast: number;
  charges: number[];
  previousName: number;
  previousDate: number;
  /** PreviousName_1..10.CompanyName, then PreviousName_1..10.CONDATE. */
  previousNames: number[];
  uri: number;
}

const PREVIOUS_NAME_AT = Array.from({ length: 10 }, (_, k) => k);
const PREVIOUS_DATE_AT = Array.from({ length: 10 }, (_, k) => 10 + k);

function layoutOf(at: ColumnIndex, width: number): Layout {
  return {
    width,
    name: at.CompanyName,
    number: at.CompanyNumber,
    status: at.CompanyStatus,
    category: at.CompanyCategory,
    origin: at.CountryOfOrigin,
    incorporated: at.IncorporationDate,
    dissolved: at.DissolutionDate,
    address: [
      at['RegAddress.CareOf'],
      at['RegAddress.POBox'],
      at['RegAddress.AddressLine1'],
      at['RegAddress.AddressLine2'],
      at['RegAddress.PostTown'],
      at['RegAddress.County'],
    ],
    country: at['RegAddress.Country'],
    postcode: at['RegAddress.PostCode'],
    sics: [at['SICCode.SicText_1'], at['SICCode.SicText_2'], at['SICCode.SicText_3'], at['SICCode.SicText_4']],
    refDay: at['Accounts.AccountRefDay'],
    refMonth: at['Accounts.AccountRefMonth'],
    accountsNext: at['Accounts.NextDueDate'],
    accountsLast: at['Accounts.LastMadeUpDate'],
    accountsCategory: at['Accounts.AccountCategory'],
    confNext: at.ConfStmtNextDueDate,
    confLast: at.ConfStmtLastMadeUpDate,
    // In COPY_COLUMNS order: outstanding, part satisfied, satisfied, total.
    charges: [
      at['Mortgages.NumMortOutstanding'],
      at['Mortgages.NumMortPartSatisfied'],
      at['Mortgages.NumMortSatisfied'],
      at['Mortgages.NumMortCharges'],
    ],
    previousName: at['PreviousName_1.CompanyName'],
    previousDate: at['PreviousName_1.CONDATE'],
    previousNames: [
      ...Array.from({ length: 10 }, (_, k) => at[`PreviousName_${k + 1}.CompanyName` as keyof ColumnIndex]),
      ...Array.from({ length: 10 }, (_, k) => at[`PreviousName_${k + 1}.CONDATE` as keyof ColumnIndex]),
    ],
    uri: at.URI,
  };
}

export class PlainLineWriter {
  readonly width: number;
  private readonly layout: Layout;
  private starts: Int32Array = new Int32Array(0);
  private ends: Int32Array = new Int32Array(0);
  private out = Buffer.allocUnsafe(1 << 16);
  private at = 0;
  private singleSics = new Map<number, { raw: Buffer; copy: Uint8Array | null }>();
  private sicLists = new Map<string, Uint8Array | null>();

  constructor(at: ColumnIndex, width: number) {
    this.width = width;
    this.layout = layoutOf(at, width);
  }

  /**
   * The record's COPY line when every value takes the plain path, else null. `starts`/`ends`:
   * the byte ranges of its `width` fields in `b` (inside the quotes), which hold nothing beyond
   * ASCII and nothing COPY escapes. Mirrors companyCopyMapper value by value.
   */
  line(b: Buffer, starts: Int32Array, ends: Int32Array): string | null {
    this.starts = starts;
    this.ends = ends;
    return this.plainLine(b) ? this.out.toString('latin1', 0, this.at) : null;
  }

  private plainLine(b: Buffer): boolean {
    const L = this.layout;
    const s = this.starts;
    const e = this.ends;
    if (this.out.length < 4096 + 2 * (e[L.width - 1] - s[0]))
      this.out = Buffer.allocUnsafe(2 * this.out.length + 2 * (e[L.width - 1] - s[0]));
    this.at = 0;
    // Company number: 8 of [0-9A-Z].
    const ns = s[L.number];
    if (e[L.number] - ns !== 8) return false;
    for (let i = ns; i < ns + 8; i++) {
      const c = b[i];
      if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
    }
    this.bytes(b, ns, ns + 8);
    if (s[L.name] === e[L.name] || !this.text_(b, L.name)) return false;
    if (!this.text_(b, L.status) || !this.text_(b, L.category) || !this.text_(b, L.origin)) return false;
    if (!this.date(b, L.incorporated) || !this.date(b, L.dissolved)) return false;
    for (const field of L.address) if (!this.text_(b, field)) return false;
    if (!this.text_(b, L.country) || !this.text_(b, L.postcode)) return false;
    if (!this.sics(b)) return false;
    if (!this.count(b, L.refDay, 31) || !this.count(b, L.refMonth, 12)) return false;
    if (!this.date(b, L.accountsNext) || !this.date(b, L.accountsLast)) return false;
    if (!this.text_(b, L.accountsCategory)) return false;
    if (!this.date(b, L.confNext) || !this.date(b, L.confLast)) return false;
    for (const field of L.charges) if (!this.count(b, field, INT32)) return false;
    if (s[L.previousName] !== e[L.previousName] || s[L.previousDate] !== e[L.previousDate]) {
      // Previous names: the mapper's own rules, on the 20 fields as strings.
      const fields = L.previousNames.map((field) => b.toString('latin1', s[field], e[field]));
      const names = asBytes(previousNamesCopy(fields, PREVIOUS_NAME_AT, PREVIOUS_DATE_AT, this.isoDate(b, L.incorporated)));
      if (names === null) return false;
      this.tab();
      this.out.set(names, this.at);
      this.at += names.length;
    } else {
      this.tab();
      this.out[this.at++] = 91; // [
      this.out[this.at++] = 93; // ]
    }
    if (!this.text_(b, L.uri)) return false;
    this.tab();
    this.out[this.at++] = 99; // c
    this.out[this.at++] = 115; // s
    this.out[this.at++] = 118; // v
    return true;
  }

  /** A date field already checked by date(): YYYY-MM-DD, or null when empty. */
  private isoDate(b: Buffer, field: number): string | null {
    const f = this.starts[field];
    if (this.ends[field] === f) return null;
    return `${b.toString('latin1', f + 6, f + 10)}-${b.toString('latin1', f + 3, f + 5)}-${b.toString('latin1', f, f + 2)}`;
  }

  private tab(): void {
    if (this.at > 0) this.out[this.at++] = TAB;
  }

  private bytes(b: Buffer, from: number, to: number): void {
    this.tab();
    const out = this.out;
    let at = this.at;
    for (let i = from; i < to; i++) out[at++] = b[i];
    this.at = at;
  }

  private nullValue(): void {
    this.tab();
    this.out[this.at++] = NULL_BYTES[0];
    this.out[this.at++] = NULL_BYTES[1];
  }

  /** text() then escapeCopy: empty is \N; nothing to trim (the record holds nothing to escape). */
  private text_(b: Buffer, field: number): boolean {
    const from = this.starts[field];
    const to = this.ends[field];
    if (from === to) {
      this.nullValue();
      return true;
    }
    if (b[from] <= 32 || b[to - 1] <= 32) return false;
    this.bytes(b, from, to);
    return true;
  }

  /** DD/MM/YYYY → YYYY-MM-DD, empty → \N (publishedDate). */
  private date(b: Buffer, field: number): boolean {
    const f = this.starts[field];
    const length = this.ends[field] - f;
    if (length === 0) {
      this.nullValue();
      return true;
    }
    if (length !== 10 || b[f + 2] !== SLASH || b[f + 5] !== SLASH) return false;
    const d1 = b[f] - ZERO;
    const d2 = b[f + 1] - ZERO;
    const m1 = b[f + 3] - ZERO;
    const m2 = b[f + 4] - ZERO;
    const y1 = b[f + 6] - ZERO;
    const y2 = b[f + 7] - ZERO;
    const y3 = b[f + 8] - ZERO;
    const y4 = b[f + 9] - ZERO;
    if (d1 >>> 0 > 9 || d2 >>> 0 > 9 || m1 >>> 0 > 9 || m2 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9 || y4 >>> 0 > 9)
      return false;
    const day = d1 * 10 + d2;
    const month = m1 * 10 + m2;
    const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
    if (month < 1 || month > 12 || day < 1 || year < 1) return false;
    const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    if (day > DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0)) return false;
    this.tab();
    const out = this.out;
    let at = this.at;
    out[at++] = b[f + 6];
    out[at++] = b[f + 7];
    out[at++] = b[f + 8];
    out[at++] = b[f + 9];
    out[at++] = DASH;
    out[at++] = b[f + 3];
    out[at++] = b[f + 4];
    out[at++] = DASH;
    out[at++] = b[f];
    out[at++] = b[f + 1];
    this.at = at;
    return true;
  }

  /** A whole number in 0..max written as String(n) would; empty → \N. */
  private count(b: Buffer, field: number, max: number): boolean {
    const from = this.starts[field];
    const to = this.ends[field];
    if (from === to) {
      this.nullValue();
      return true;
    }
    // Leading zeros (String(n) drops them), signs, spaces: the mapper's way.
    if (to - from > 10 || (b[from] === ZERO && to - from > 1)) return false;
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = b[i] - ZERO;
      if (d < 0 || d > 9) return false;
      n = n * 10 + d;
    }
    if (n > max) return false;
    this.bytes(b, from, to);
    return true;
  }

  /** The sic_codes and sic_texts columns, from a cache of the lists already met. */
  private sics(b: Buffer): boolean {
    const [i1, i2, i3, i4] = this.layout.sics;
    const s = this.starts;
    const e = this.ends;
    let copy: Uint8Array | null | undefined;
    if (s[i2] === e[i2] && s[i3] === e[i3] && s[i4] === e[i4]) {
      // One SIC (or none): cached by its leading code, checked byte by byte.
      let code = 0;
      let k = s[i1];
      for (; k < e[i1] && k < s[i1] + 6; k++) {
        const d = b[k] - ZERO;
        if (d < 0 || d > 9) break;
        code = code * 10 + d;
      }
      if (k === s[i1]) code = -1;
      const cached = this.singleSics.get(code);
      const raw = b.subarray(s[i1], e[i1]);
      if (cached !== undefined && cached.raw.equals(raw)) copy = cached.copy;
      else {
        copy = asBytes(sicColumnsCopy([raw.toString('latin1')]));
        if (this.singleSics.size > 20_000) this.singleSics.clear();
        this.singleSics.set(code, { raw: Buffer.from(raw), copy });
      }
    } else {
      const values = [
        b.toString('latin1', s[i1], e[i1]),
        b.toString('latin1', s[i2], e[i2]),
        b.toString('latin1', s[i3], e[i3]),
        b.toString('latin1', s[i4], e[i4]),
      ];
      const key = values.join('\n');
      copy = this.sicLists.get(key);
      if (copy === undefined) {
        copy = asBytes(sicColumnsCopy(values));
        if (this.sicLists.size > 20_000) this.sicLists.clear();
        this.sicLists.set(key, copy);
      }
    }
    if (copy === null) return false;
    this.tab();
    this.out.set(copy, this.at);
    this.at += copy.length;
    return true;
  }
}

/** An ASCII COPY text as bytes (null stays null; anything beyond ASCII goes the mapper's way). */
function asBytes(text: string | null): Uint8Array | null {
  if (text === null) return null;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return null;
    bytes[i] = c;
  }
  return bytes;
}
