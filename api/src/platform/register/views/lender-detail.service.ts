import { HttpException, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { lenderKey, type LenderDetail } from '@credence/shared';
import { screenerBadRequest } from '../../../core/screener-query/index.js';

/** How many top companies and recent charges a lender detail lists; spellings listed at most. */
export const LENDER_DETAIL_LIMITS = { topCompanies: 10, recentCharges: 10, rawNames: 20 } as const;

/**
 * Everything about one lender (spec 2 3.12), found by any spelling of its name: totals from the
 * lender_stats view, breakdowns from the lender detail views (screener-views.sql.ts), each an
 * index range of that lender's rows however many charges it holds.
 */
@Injectable()
export class LenderDetailService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async detail(rawName: unknown): Promise<LenderDetail> {
    const name = typeof rawName === 'string' ? rawName.trim() : '';
    if (name === '') throw screenerBadRequest('lender_name is required, e.g. lender_name=HSBC UK BANK PLC');
    if (name.length > 300) throw screenerBadRequest('lender_name is too long (at most 300 characters)');
    const key = lenderKey(name);
    const [stats] = await this.db.query(`SELECT * FROM lender_stats WHERE lender_key = $1`, [key]);
    if (!stats) {
      const message = `No charges are registered to a lender named "${name}". Search the Creditor Overview for the name as filed.`;
      throw new HttpException({ status: 'error', message, error: message, statusCode: 404 }, 404);
    }
    const [rawNames, years, companies, recent] = await Promise.all([
      this.db.query(
        `SELECT raw_name AS name, charges FROM lender_names WHERE lender_key = $1 ORDER BY charges DESC, raw_name LIMIT ${LENDER_DETAIL_LIMITS.rawNames}`,
        [key],
      ),
      this.db.query(`SELECT year, charges AS count FROM lender_years WHERE lender_key = $1 ORDER BY year`, [key]),
      this.db.query(
        `SELECT lc.company_number, c.company_name, lc.charges AS charge_count
           FROM lender_companies lc JOIN companies c ON c.company_number = lc.company_number
          WHERE lc.lender_key = $1 ORDER BY lc.charges DESC, lc.company_number LIMIT ${LENDER_DETAIL_LIMITS.topCompanies}`,
        [key],
      ),
      this.db.query(
        `SELECT ch.charge_id, ch.company_number, c.company_name, ch.status, ch.delivered_on::text AS delivered_on, ch.charge_code,
                ch.charge_number, ch.particulars_description, ch.contains_floating_charge, ch.contains_fixed_charge, ch.contains_negative_pledge
           FROM (SELECT charge_id FROM lender_charges WHERE lender_key = $1
                  ORDER BY delivered_on DESC NULLS LAST, charge_id DESC LIMIT ${LENDER_DETAIL_LIMITS.recentCharges}) r
           JOIN charges ch ON ch.charge_id = r.charge_id JOIN companies c ON c.company_number = ch.company_number
          ORDER BY ch.delivered_on DESC NULLS LAST, ch.charge_id DESC`,
        [key],
      ),
    ]);
    const satisfied = stats.satisfied_charges as number;
    return {
      lender_name: stats.lender_name,
      raw_names: rawNames,
      total_charges: stats.total_charges,
      unique_companies_count: stats.companies_count,
      status_counts: {
        outstanding: stats.outstanding_charges,
        'part-satisfied': stats.part_satisfied_charges,
        'fully-satisfied': satisfied,
        unknown: stats.total_charges - stats.outstanding_charges - stats.part_satisfied_charges - satisfied,
      },
      charge_types: {
        floating_charges: stats.floating_charges,
        fixed_charges: stats.fixed_charges,
        negative_pledges: stats.negative_pledge_charges,
      },
      charges_by_year: years,
      top_companies: companies,
      recent_charges: recent,
    };
  }
}
