import type { Day } from './dates.js';
import type { LegalForm } from './names.js';
import type { Address, Jurisdiction, Town } from './places.js';
import type { Rng } from '../../../core/random.js';
import type { Sector, SizeClass } from './sectors.js';
import type {
  ChargeRow,
  CompanyRow,
  DocumentSummaryRow,
  FilingRow,
  FinancialStatementRow,
  OfficerRow,
  PscRow,
} from '../../../platform/register/rows.js';

/** Accounts types of the register (AA descriptions "accounts-with-accounts-type-<type>"). */
export type AccountsType =
  'micro-entity' | 'total-exemption-full' | 'unaudited-abridged' | 'small' | 'medium' | 'full' | 'group' | 'dormant';

/** What the generator decides about a company before writing any row. */
export interface CompanyPlan {
  index: number;
  number: string;
  name: string;
  form: LegalForm;
  category: string;
  jurisdiction: Jurisdiction;
  sector: Sector;
  sic: string[];
  size: SizeClass;
  status: string;
  incorporated: Day;
  /** Dissolved on (status Dissolved). */
  dissolved: Day | null;
  /** When the current insolvency, strike-off or arrangement began. */
  statusSince: Day | null;
  /** Whether it files through a voluntary strike-off (DS01) rather than a compulsory one. */
  voluntaryStrikeOff: boolean;
  town: Town;
  address: Address;
  /** Earlier registered office, when it moved within the filing window. */
  previousAddress: { address: Address; movedOn: Day } | null;
  previousNames: { name: string; effective_from: Day; ceased_on: Day }[];
  /** Accounting reference month (the period ends at its last day). */
  ardMonth: number;
  accountsType: AccountsType;
  audited: boolean;
  currency: 'GBP' | 'EUR' | 'USD';
  listed: { exchange: string; ticker: string } | null;
  /** Has trading accounts with figures (false: dormant, partnerships, societies). */
  trading: boolean;
  hasShareCapital: boolean;
  /** Files confirmation statements and accounts at Companies House. */
  filesAnnually: boolean;
  /** Reference date ("today" of the generation). */
  ref: Day;
  /** Filings before this day are not generated (the history shown is the recent one). */
  windowStart: Day;
  /** Latest turnover for trading companies (scale of the accounts). */
  turnoverScale: number;
  suggested: SuggestedSpec | null;
  /** A company whose history is scripted to show every kind of PSC filing (small samples see them all). */
  pscShowcase: boolean;
  /**
   * One of the first hundred generated companies, which borrow and change their capital more
   * often than the register at large, so that a small sample (the first start's) shows those
   * sections for a good share of its companies.
   */
  early: boolean;
}

/** Extra demands on the companies the landing page suggests: everything populated. */
export interface SuggestedSpec {
  company_number: string;
  company_name: string;
  form: LegalForm;
  category: string;
  jurisdiction: Jurisdiction;
  sectorId: Sector['id'];
  sic: string[];
  size: SizeClass;
  incorporated: string;
  town: string;
  ardMonth: number;
  accountsType: AccountsType;
  turnover: number;
  listed: { exchange: string; ticker: string } | null;
  previousNames: { name: string; effective_from: string; ceased_on: string }[];
  directors: number;
  secretary: boolean;
  lenders: string[];
  auditor: string | null;
}

/** A dated event that becomes a filing (and that the rows it describes agree with). */
export interface FilingEvent {
  /** Event date (appointment, made-up date, allotment...): the filing's action_date. */
  on: Day;
  /** Date the filing was received. */
  filed: Day;
  category: string;
  subcategory?: string | null;
  type: string;
  description: string;
  description_values?: Record<string, unknown>;
  annotations?: unknown[];
  pages: number;
  paperFiled?: boolean;
  document_id?: string | null;
  /** Set by the filing writer: the transaction id other rows link to. */
  transactionId?: string;
}

export interface CompanyBundle {
  company: CompanyRow;
  officers: OfficerRow[];
  pscs: PscRow[];
  charges: ChargeRow[];
  filings: FilingRow[];
  financials: FinancialStatementRow[];
  summaries: DocumentSummaryRow[];
}

export interface GeneratorContext {
  seed: number;
  ref: Day;
  /** Companies in the whole run (numbers are spread over the register's ranges by it). */
  total: number;
}

export type { Rng, Address, Town };

/** What the seed sends each worker thread, and what a worker reports back. */
export interface WorkerInput {
  url: string;
  ctx: GeneratorContext;
  batchSize: number;
  first: number;
  stride: number;
  imported: boolean;
  settings: string[];
}

export type WorkerMessage =
  | { type: 'batch'; companies: number; tables: Record<string, number> }
  | { type: 'done' }
  | { type: 'error'; message: string; stack?: string };
