import { describe, it } from 'node:test';
import { expect } from 'expect';
import { mapCompanyFacts, mapCompanyFactsBytes } from './companyfacts.mapper.js';
import { ScanError, scanCompanyFacts } from './companyfacts.scan.js';

const fact = (end: string, val: number, filed: string, extra: Record<string, unknown> = {}) => ({
  start: `${end.slice(0, 4)}-01-01`,
  end,
  val,
  accn: `0000000001-${filed.slice(2, 4)}-000001`,
  fy: Number(end.slice(0, 4)),
  fp: 'FY',
  form: '10-K',
  filed,
  ...extra,
});

/** A file whose uncatalogued parts hold what a byte scan could trip on: brackets and quotes in strings, escapes, nesting. */
const doc = {
  cik: '0000000001',
  entityName: 'Scan {Test} "Corp" \\ Inc',
  facts: {
    dei: { EntityCommonStockSharesOutstanding: { label: 'x', units: { shares: [fact('2023-12-31', 5, '2024-02-01')] } } },
    'us-gaap': {
      OddConcept: { label: 'a "}]" b', description: 'brackets { [ and \\"escapes\\" \\\\', units: { USD: [{ nested: [[{}], {}] }] } },
      Revenues: { label: 'Revenues', units: { USD: [fact('2023-12-31', 100, '2024-02-01'), fact('2023-12-31', 101, '2025-02-01')] } },
      'Odd\\u0022Key': { units: { USD: [] } },
      NetIncomeLoss: { label: null, description: null, units: { USD: [fact('2022-12-31', -7.5, '2023-02-01', { frame: 'CY2022' })] } },
    },
    'ifrs-full': 'not an object',
  },
};

describe('companyfacts read from its bytes (only the catalogued concepts parsed)', () => {
  it('answers what JSON.parse of the whole file answers, compact or indented', () => {
    const expected = mapCompanyFacts(doc);
    expect(expected.facts.map((f) => [f.concept, f.val])).toEqual([
      ['us-gaap:Revenues', 101],
      ['us-gaap:NetIncomeLoss', -7.5],
    ]);
    expect(mapCompanyFactsBytes(Buffer.from(JSON.stringify(doc)))).toEqual(expected);
    expect(mapCompanyFactsBytes(Buffer.from(JSON.stringify(doc, null, 2) + '\n'))).toEqual(expected);
  });

  it('leaves the uncatalogued concepts out without parsing them', () => {
    const scanned = scanCompanyFacts(Buffer.from(JSON.stringify(doc)), (c) => c === 'us-gaap:Revenues');
    expect(Object.keys((scanned.facts as Record<string, object>)['us-gaap'])).toEqual(['Revenues']);
    expect(scanned.entityName).toBe(doc.entityName);
  });

  it('throws a ScanError on a cut-short file, and the mapper names it with the parser reason', () => {
    const text = JSON.stringify(doc);
    for (const cut of [text.length - 1, text.indexOf('OddConcept') + 40, 10]) {
      expect(() => scanCompanyFacts(Buffer.from(text.slice(0, cut)), () => true)).toThrow(ScanError);
      expect(() => mapCompanyFactsBytes(Buffer.from(text.slice(0, cut)))).toThrow(SyntaxError);
    }
    expect(() => scanCompanyFacts(Buffer.from(text + 'x'), () => true)).toThrow(ScanError);
  });

  it('gives the same reasons for documents that are not companyfacts', () => {
    expect(() => mapCompanyFactsBytes(Buffer.from('[1, 2]'))).toThrow('not a companyfacts document');
    expect(() => mapCompanyFactsBytes(Buffer.from('{"entityName": "No Cik"}'))).toThrow('cik is missing or not a CIK');
    expect(() => mapCompanyFactsBytes(Buffer.from('{"cik": 1, "entityName": "X", "facts": 3}'))).toThrow('facts is not an object');
  });
});
