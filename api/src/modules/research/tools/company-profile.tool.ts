/** company_profile: the register's record of a company: name, status, dates, activity, accounts and confirmation statement due dates. */
import type { DataSource } from 'typeorm';
import type { Fact, FactUnit, ResearchTool, ToolResult } from '../../../platform/ai/engine/types.js';
import { COMPANY_NUMBER_SCHEMA, companyNumberArg } from './args.js';

export interface CompanyProfileData {
  company_number: string;
  company_name: string;
  company_status: string | null;
  company_category: string | null;
  incorporation_date: string | null;
  dissolution_date: string | null;
  registered_office: string | null;
  sic_texts: string[];
  accounts_category: string | null;
  accounts_last_made_up: string | null;
  accounts_next_due: string | null;
  conf_stmt_last_made_up: string | null;
  conf_stmt_next_due: string | null;
  mortgages_outstanding: number | null;
  mortgages_total: number | null;
  source: string;
}

const PROFILE_FACTS: [keyof CompanyProfileData, string, FactUnit][] = [
  ['company_name', 'Company name', 'text'],
  ['company_status', 'Status', 'text'],
  ['company_category', 'Company type', 'text'],
  ['incorporation_date', 'Incorporated on', 'date'],
  ['dissolution_date', 'Dissolved on', 'date'],
  ['registered_office', 'Registered office', 'text'],
  ['accounts_category', 'Accounts category', 'text'],
  ['accounts_last_made_up', 'Last accounts made up to', 'date'],
  ['accounts_next_due', 'Next accounts due', 'date'],
  ['conf_stmt_last_made_up', 'Last confirmation statement made up to', 'date'],
  ['conf_stmt_next_due', 'Next confirmation statement due', 'date'],
  ['mortgages_outstanding', 'Charges outstanding', 'count'],
  ['mortgages_total', 'Charges registered', 'count'],
];

export async function readProfile(db: DataSource, companyNumber: string): Promise<CompanyProfileData | null> {
  const [row] = await db.query(
    `SELECT company_number, company_name, company_status, company_category, incorporation_date::text AS incorporation_date,
            dissolution_date::text AS dissolution_date, concat_ws(', ', address_line_1, address_line_2, post_town, postcode) AS registered_office,
            sic_texts, accounts_category, accounts_last_made_up::text AS accounts_last_made_up, accounts_next_due::text AS accounts_next_due,
            conf_stmt_last_made_up::text AS conf_stmt_last_made_up, conf_stmt_next_due::text AS conf_stmt_next_due,
            mortgages_outstanding, mortgages_total, source
       FROM companies WHERE company_number = $1`,
    [companyNumber],
  );
  if (!row) return null;
  return { ...row, registered_office: row.registered_office || null, sic_texts: row.sic_texts ?? [] };
}

export function companyProfileTool(db: DataSource): ResearchTool<Record<string, unknown>, CompanyProfileData | null> {
  return {
    name: 'company_profile',
    description:
      "A UK company's register record: name, status, type, incorporation, registered office, activity (SIC), accounts and confirmation statement dates, charges count.",
    parameters: {
      type: 'object',
      properties: { company_number: COMPANY_NUMBER_SCHEMA },
      required: ['company_number'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult<CompanyProfileData | null>> {
      const companyNumber = companyNumberArg(args);
      const profile = await readProfile(db, companyNumber);
      if (!profile) return { data: null, facts: [], missing: [`No company ${companyNumber} is on the register held here.`] };
      const title = `${profile.company_name}: company profile (register)`;
      const facts: Fact[] = [];
      for (const [field, label, unit] of PROFILE_FACTS) {
        const value = profile[field];
        if (value === null || value === undefined || value === '') continue;
        facts.push({
          key: `profile.${field}`,
          label,
          value: value as string | number,
          unit,
          source: { kind: 'register', company_number: companyNumber, record: 'profile', title },
        });
      }
      if (profile.sic_texts.length)
        facts.push({
          key: 'profile.sic_texts',
          label: 'Nature of business (SIC)',
          value: profile.sic_texts.join('; '),
          unit: 'text',
          source: { kind: 'register', company_number: companyNumber, record: 'profile', title },
        });
      return { data: profile, facts };
    },
  };
}
