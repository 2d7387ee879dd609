import { describe, it } from 'node:test';
import { expect } from 'expect';
import { emptyResearchAnswer, reduceResearchAnswer, type ResearchEvent } from '@credence/shared';
import { AnswerWriter } from './answer-writer.js';
import type { EvidenceChecker, Fact } from './types.js';

const filing = (page: number) => ({
  kind: 'filing' as const,
  company_number: '00123456',
  document_id: 'doc1',
  title: 'Full accounts made up to 31/12/2024',
  page,
});
const turnover: Fact = {
  key: 'turnover@2024-12-31',
  label: 'Turnover',
  value: 12_345_678,
  unit: 'GBP',
  printed: '12,345,678',
  source: filing(7),
};
const profit: Fact = {
  key: 'operatingProfit@2024-12-31',
  label: 'Operating profit',
  value: 1_234_567,
  unit: 'GBP',
  printed: '1,234,567',
  source: filing(7),
};
const cash: Fact = { key: 'cash@2024-12-31', label: 'Cash', value: 500, unit: 'GBP', printed: '500', source: filing(8) };
const margin: Fact = {
  key: 'operatingMargin@2024-12-31',
  label: 'Operating margin',
  value: 10,
  unit: 'percent',
  source: filing(7),
  inputs: [profit, turnover],
  formula: 'op / turnover',
};

/** A checker that confirms only the facts it is given, quoting "<label> <printed>". */
function checker(good: Fact[]): EvidenceChecker {
  return {
    async check(fact) {
      return good.includes(fact)
        ? { verified: true, quote: `${fact.label} ${fact.printed}`, boxes: [{ page: 7, x0: 1, top: 2, x1: 3, bottom: 4 }] }
        : { verified: false, reason: 'not on the page' };
    },
  };
}

function collect() {
  const events: ResearchEvent[] = [];
  return { events, out: { emit: (e: ResearchEvent) => events.push(e), signal: new AbortController().signal } };
}

describe('AnswerWriter', () => {
  it('streams nothing until flush, then the figure with its marker and its checked citation', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([turnover]));
    writer.write('Turnover was ');
    writer.figure(turnover, '£12,345,678');
    writer.write('.');
    expect(events).toEqual([]);
    await writer.flush();
    const answer = events.reduce(reduceResearchAnswer, emptyResearchAnswer());
    expect(answer.text).toBe('Turnover was £12,345,678[^c1].');
    expect(answer.citations).toEqual([
      expect.objectContaining({ id: 'c1', kind: 'filing', page: 7, pdf_name: 'doc1.pdf', verified: true, quote: 'Turnover 12,345,678' }),
    ]);
    expect(events.map((e) => e.type)).toEqual(['citation', 'text']);
  });

  it('marks a figure that fails its check "(unverified)" and sends its citation unverified', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([]));
    writer.figure(cash, '£500');
    await writer.flush();
    const answer = events.reduce(reduceResearchAnswer, emptyResearchAnswer());
    expect(answer.text).toBe('£500 (unverified)[^c1]');
    expect(answer.citations[0]).toMatchObject({ id: 'c1', verified: false });
    expect(answer.citations[0].quote).toBeUndefined();
    expect(writer.unverified).toEqual([cash]);
  });

  it('cites a computed figure by its inputs, one citation per page, with both quotes', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([turnover, profit]));
    writer.figure(margin, '10.0%');
    await writer.flush();
    const answer = events.reduce(reduceResearchAnswer, emptyResearchAnswer());
    expect(answer.text).toBe('10.0%[^c1]');
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({ verified: true, quote: 'Operating profit 1,234,567 … Turnover 12,345,678' });
    expect(answer.citations[0].boxes).toHaveLength(2);
  });

  it('marks a computed figure unverified when any input fails', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([turnover]));
    writer.figure(margin, '10.0%');
    await writer.flush();
    expect(events.reduce(reduceResearchAnswer, emptyResearchAnswer()).text).toBe('10.0% (unverified)[^c1]');
  });

  it('checks each figure cell of a table and marks the one that fails', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([turnover]));
    const table = await writer.table(
      'Key figures',
      ['Metric', 'FY2024'],
      [
        ['Turnover', { fact: turnover, text: '£12,345,678' }],
        ['Cash', { fact: cash, text: '£500' }],
      ],
    );
    expect(table.rows).toEqual([
      ['Turnover', '£12,345,678'],
      ['Cash', '£500 (unverified)'],
    ]);
    expect(table.citations).toEqual(['c1', 'c2']);
    const answer = events.reduce(reduceResearchAnswer, emptyResearchAnswer());
    expect(answer.citations.map((c) => [c.id, c.verified])).toEqual([
      ['c1', true],
      ['c2', false],
    ]);
    expect(writer.figureCount()).toBe(2);
  });

  it('gives a register fact a citation linking to the register page', async () => {
    const { events, out } = collect();
    const status: Fact = {
      key: 'profile.company_status',
      label: 'Status',
      value: 'active',
      unit: 'text',
      source: { kind: 'register', company_number: '00123456', record: 'charges', title: 'Charges (register)' },
    };
    const writer = new AnswerWriter(out, { check: async () => ({ verified: true }) });
    writer.figure(status, 'active');
    await writer.flush();
    const answer = events.reduce(reduceResearchAnswer, emptyResearchAnswer());
    expect(answer.citations[0]).toMatchObject({
      kind: 'register',
      record: 'charges',
      url: '/uk/?companyNumber=00123456&category=charges',
      verified: true,
    });
  });

  it('shows the preface before the first content, and never when the answer has none', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([turnover]));
    writer.preface((w) => w.write('## Key Findings\n\n'));
    await writer.flush();
    expect(events).toEqual([]);
    writer.write('Turnover was ');
    writer.figure(turnover, '£12,345,678');
    await writer.flush();
    expect(events.reduce(reduceResearchAnswer, emptyResearchAnswer()).text).toBe('## Key Findings\n\nTurnover was £12,345,678[^c1]');

    const declined = collect();
    const other = new AnswerWriter(declined.out, checker([]));
    other.preface((w) => w.write('## Key Findings\n\n'));
    other.preface(null);
    other.write('## Not on file\n');
    await other.flush();
    expect(declined.events.reduce(reduceResearchAnswer, emptyResearchAnswer()).text).toBe('## Not on file\n');
    expect(other.figureCount()).toBe(0);
  });

  it('writes a derived figure without a marker of its own, checked through its inputs', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([turnover]));
    writer.derived(margin, '10.0%');
    writer.write(' (turnover ');
    writer.figure(turnover, '£12,345,678');
    writer.write(')');
    await writer.flush();
    // The operating profit input fails its check: the derived figure is marked, the filed one is not.
    expect(events.reduce(reduceResearchAnswer, emptyResearchAnswer()).text).toBe('10.0% (unverified) (turnover £12,345,678[^c1])');
  });

  it('lists only the citations a marker or table refers to, numbered in reading order', async () => {
    const { events, out } = collect();
    const writer = new AnswerWriter(out, checker([turnover, profit, cash]));
    const netCash: Fact = { ...margin, key: 'netDebt@2024-12-31', unit: 'GBP', inputs: [turnover, cash] };
    writer.preface((w) => {
      w.write('Cash ');
      w.figure(cash, '£500');
      w.write('. ');
    });
    writer.write('Net cash ');
    writer.derived(netCash, '£9');
    writer.write(' (cash ');
    writer.figure(cash, '£500');
    writer.write(').');
    await writer.flush();
    const answer = events.reduce(reduceResearchAnswer, emptyResearchAnswer());
    expect(answer.text).toBe('Cash £500[^c1]. Net cash £9 (cash £500[^c1]).');
    // Turnover (page 7) was checked as an input but no marker points at its page.
    expect(answer.citations.map((c) => [c.id, c.page])).toEqual([['c1', 8]]);
    expect(writer.allCitations().map((c) => c.id)).toEqual(['c1']);
  });
});
