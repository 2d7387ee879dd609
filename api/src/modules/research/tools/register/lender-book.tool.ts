/** lender_book: one lender's charges across all companies, from the creditors screener's lender detail. */
import { HttpException } from '@nestjs/common';
import type { LenderDetail } from '@credence/shared';
import type { DataSource } from 'typeorm';
import { LenderDetailService } from '../../../screener/lender-detail.service.js';
import type { ResearchTool, ToolResult } from '../../engine/types.js';
import { companyNumberArg, FactList, registerSource } from './register-facts.js';

function bookFacts(detail: LenderDetail, companyNumber: string): FactList {
  const facts = new FactList();
  const source = registerSource(companyNumber, 'lender-book', `Creditors screener: ${detail.lender_name}`, `lender:${detail.lender_name}`);
  const add = (key: string, label: string, value: number) =>
    facts.add(`lender-book:${key}`, `${detail.lender_name}: ${label}`, value, 'count', source);
  add('total', 'charges registered', detail.total_charges);
  add('companies', 'companies charged', detail.unique_companies_count);
  add('outstanding', 'charges outstanding', detail.status_counts.outstanding);
  add('part-satisfied', 'charges part-satisfied', detail.status_counts['part-satisfied']);
  add('satisfied', 'charges fully satisfied', detail.status_counts['fully-satisfied']);
  add('floating', 'charges with a floating charge', detail.charge_types.floating_charges);
  add('fixed', 'charges with a fixed charge', detail.charge_types.fixed_charges);
  add('negative-pledge', 'charges with a negative pledge', detail.charge_types.negative_pledges);
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
