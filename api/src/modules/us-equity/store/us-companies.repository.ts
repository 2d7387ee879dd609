import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UsCompany } from '@credence/shared';

interface CompanyRow {
  cik: number;
  title: string;
  ticker: string | null;
  industry: string | null;
  sector: string | null;
  logo_url: string | null;
  exchange: string | null;
  fiscal_year_end: string | null;
  verified: boolean;
  sample: boolean;
  facts_count: number;
  facts_version: string | null;
}

export interface StoredUsCompany extends UsCompany {
  cik: number;
  /** Changes whenever the company's facts are re-imported (the KPI cache key). */
  factsVersion: string;
}

const SELECT = `SELECT cik, title, ticker, industry, sector, logo_url, exchange, fiscal_year_end, verified, sample, facts_count,
                       extract(epoch FROM facts_updated_at)::text AS facts_version
                FROM us_companies`;

function toCompany(r: CompanyRow): StoredUsCompany {
  return {
    cik: r.cik,
    cik_str: String(r.cik),
    title: r.title,
    ticker: r.ticker,
    industry: r.industry,
    sector: r.sector,
    logo_url: r.logo_url,
    available: r.facts_count > 0,
    verified: r.verified && !r.sample,
    ...(r.sample ? { sample: true } : {}),
    exchange: r.exchange,
    fiscal_year_end: r.fiscal_year_end,
    factsVersion: `${r.facts_count}:${r.facts_version ?? ''}`,
  };
}

@Injectable()
export class UsCompaniesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async byCik(cik: number): Promise<StoredUsCompany | null> {
    const rows: CompanyRow[] = await this.db.query(`${SELECT} WHERE cik = $1`, [cik]);
    return rows[0] ? toCompany(rows[0]) : null;
  }

  async byTicker(ticker: string): Promise<StoredUsCompany | null> {
    const rows: CompanyRow[] = await this.db.query(
      `${SELECT} WHERE upper(ticker) = upper($1) OR upper($1) = ANY(tickers) ORDER BY facts_count DESC LIMIT 1`,
      [ticker],
    );
    return rows[0] ? toCompany(rows[0]) : null;
  }

  /** Every company, those with facts first, then by name (the list the search runs over). */
  async all(): Promise<StoredUsCompany[]> {
    const rows: CompanyRow[] = await this.db.query(`${SELECT} ORDER BY (facts_count > 0) DESC, title, cik`);
    return rows.map(toCompany);
  }

  /** Stores a user's request for a company; false when the user had already asked. */
  async request(cik: number, userId: string): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO us_company_requests (cik, user_id) VALUES ($1, $2) ON CONFLICT (cik, user_id) DO NOTHING RETURNING id`,
      [cik, userId],
    );
    return rows.length > 0;
  }

  /** Admins: the companies asked for, most asked first. */
  async requests(): Promise<{ cik_str: string; title: string; ticker: string | null; requests: number; last_requested_at: string }[]> {
    const rows: { cik: number; title: string; ticker: string | null; requests: number; last: Date }[] = await this.db.query(
      `SELECT c.cik, c.title, c.ticker, count(*)::int AS requests, max(r.created_at) AS last
       FROM us_company_requests r JOIN us_companies c USING (cik)
       GROUP BY c.cik, c.title, c.ticker ORDER BY requests DESC, last DESC LIMIT 1000`,
    );
    return rows.map((r) => ({
      cik_str: String(r.cik),
      title: r.title,
      ticker: r.ticker,
      requests: r.requests,
      last_requested_at: new Date(r.last).toISOString(),
    }));
  }
}
