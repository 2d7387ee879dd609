import { HttpException, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { lenderKey, type LenderDetail } from '@credence/shared';
import { screenerBadRequest } from '../../core/screener-query/index.js';

/** How many top companies and recent charges a lender detail lists; spellings listed at most. */
export const LENDER_DETAIL_LIMITS = { topCompanies: 10, recentCharges: 10, rawNames: 20 } as const;

const LENDER_CHARGES = `SELECT charge_id FROM charge_lenders WHERE lender_key = $1`;

/**
 * Everything about one lender (spec 2 3.12), found by any spelling of its name: the totals come
 * from the lender_stats view, the breakdowns from its charges through the lender-key index.
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
        `SELECT raw_name AS name, count(DISTINCT charge_id)::int AS charges FROM charge_lenders WHERE lender_key = $1
          GROUP BY raw_name ORDER BY charges DESC, raw_name LIMIT ${LENDER_DETAIL_LIMITS.rawNames}`,
        [key],
      ),
      this.db.query(
        `SELECT extract(year FROM coalesce(ch.delivered_on, ch.created_on))::int AS year, count(*)::int AS count
           FROM charges ch WHERE ch.charge_id IN (${LENDER_CHARGES}) AND coalesce(ch.delivered_on, ch.created_on) IS NOT NULL
          GROUP BY 1 ORDER BY 1`,
        [key],
      ),
      this.db.query(
        `SELECT ch.company_number, c.company_name, count(*)::int AS charge_count
           FROM charges ch JOIN companies c ON c.company_number = ch.company_number
          WHERE ch.charge_id IN (${LENDER_CHARGES})
          GROUP BY ch.company_number, c.company_name ORDER BY charge_count DESC, ch.company_number LIMIT ${LENDER_DETAIL_LIMITS.topCompanies}`,
        [key],
      ),
      this.db.query(
        `SELECT ch.charge_id, ch.company_number, c.company_name, ch.status, ch.delivered_on::text AS delivered_on, ch.charge_code,
                ch.charge_number, ch.particulars_description, ch.contains_floating_charge, ch.contains_fixed_charge, ch.contains_negative_pledge
           FROM charges ch JOIN companies c ON c.company_number = ch.company_number
          WHERE ch.charge_id IN (${LENDER_CHARGES})
          ORDER BY ch.delivered_on DESC NULLS LAST, ch.charge_id DESC LIMIT ${LENDER_DETAIL_LIMITS.recentCharges}`,
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
