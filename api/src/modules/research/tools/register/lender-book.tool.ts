/** lender_book: one lender's charges across all companies, from the creditors screener's lender detail. */
import { HttpException } from '@nestjs/common';
import type { LenderDetail } from '@credence/shared';
import type { DataSource } from 'typeorm';
import { LenderDetailService } from '../../../../platform/register/views/lender-detail.service.js';
import type { ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { companyNumberArg, FactList, registerSource } from './register-facts.js';

/** The book's counts as facts: key, label, and where the lender detail holds it (the evidence checker reads them again). */
export const LENDER_BOOK_COUNTS: [key: string, label: string, read: (detail: LenderDetail) => number][] = [
  ['total', 'charges registered', (d) => d.total_charges],
  ['companies', 'companies charged', (d) => d.unique_companies_count],
  ['outstanding', 'charges outstanding', (d) => d.status_counts.outstanding],
  ['part-satisfied', 'charges part-satisfied', (d) => d.status_counts['part-satisfied']],
  ['satisfied', 'charges fully satisfied', (d) => d.status_counts['fully-satisfied']],
  ['floating', 'charges with a floating charge', (d) => d.charge_types.floating_charges],
  ['fixed', 'charges with a fixed charge', (d) => d.charge_types.fixed_charges],
  ['negative-pledge', 'charges with a negative pledge', (d) => d.charge_types.negative_pledges],
];

/** A book fact's value in a lender detail (null when the detail does not hold it). */
export function lenderBookValue(detail: LenderDetail, factKey: string): number | null {
  const key = factKey.replace(/^lender-book:/, '');
  if (key.startsWith('company:'))
    return detail.top_companies.find((c) => c.company_number === key.slice('company:'.length))?.charge_count ?? null;
  return LENDER_BOOK_COUNTS.find(([k]) => k === key)?.[2](detail) ?? null;
}

function bookFacts(detail: LenderDetail, companyNumber: string): FactList {
  const facts = new FactList();
  const source = registerSource(companyNumber, 'lender-book', `Creditors screener: ${detail.lender_name}`, `lender:${detail.lender_name}`);
  for (const [key, label, read] of LENDER_BOOK_COUNTS)
    facts.add(`lender-book:${key}`, `${detail.lender_name}: ${label}`, read(detail), 'count', source);
  for (const c of detail.top_companies) {
    const companySource = registerSource(
      c.company_number,
      'lender-book',
      `Creditors screener: ${detail.lender_name} and ${c.company_name}`,
      `lender:${detail.lender_name}`,
    );
    facts.add(
      `lender-book:company:${c.company_number}`,
      `${detail.lender_name}: charges over ${c.company_name}`,
      c.charge_count,
      'count',
      companySource,
    );
  }
  return facts;
}

export async function readLenderBook(db: DataSource, lender: string, companyNumber: string): Promise<ToolResult<LenderDetail | null>> {
  try {
    const detail = await new LenderDetailService(db).detail(lender);
    return { data: detail, facts: bookFacts(detail, companyNumber).facts };
  } catch (error) {
    if (error instanceof HttpException && error.getStatus() < 500) {
      return { data: null, facts: [], missing: [`No charges on file are registered to a lender named "${lender.slice(0, 100)}".`] };
    }
    throw error;
  }
}

export function lenderBookTool(db: DataSource): ResearchTool {
  return {
    name: 'lender_book',
    description:
      "One lender's book across all UK companies on file, by any spelling of its name: charges registered, companies charged, outstanding and satisfied charges, fixed, floating and negative-pledge counts, the companies with most charges and recent charges.",
    parameters: {
      type: 'object',
      properties: {
        lender: { type: 'string', description: 'The lender, as named ("HSBC UK Bank PLC", "Barclays").' },
        company_number: { type: 'string', description: 'The company the question is about, if any (for the citation).' },
      },
      required: ['lender'],
      additionalProperties: false,
    },
    async run(args) {
      const lender = typeof args.lender === 'string' ? args.lender.trim() : '';
      if (!lender) return { data: null, facts: [], missing: ['A lender name is needed to read its book.'] };
      return readLenderBook(db, lender.slice(0, 300), companyNumberArg(args) ?? '');
    },
  };
}
