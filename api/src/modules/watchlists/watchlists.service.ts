import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ALERT_KINDS,
  companyNumbersFromCsv,
  WATCHLIST_LIMITS,
  watchedCompanyNumber,
  type WatchAddResult,
  type WatchCompaniesRequest,
  type WatchlistDetail,
  type WatchlistSummary,
} from '@credence/shared';
import { deletedRows, watchedNamesOf } from './watched-names.js';
import type { CreateWatchlistDto, UpdateWatchlistDto } from './dto/watchlists.dto.js';

const NOT_FOUND = 'No such watchlist: see GET /api/watchlists (or `credence watch ls`) for yours';

const SUMMARY = `w.id, w.name, w.rules, w.email, w.created_at,
  (SELECT count(*)::int FROM watchlist_companies wc WHERE wc.watchlist_id = w.id) AS companies,
  (SELECT count(*)::int FROM watchlist_lenders wl WHERE wl.watchlist_id = w.id) AS lenders,
  (SELECT count(*)::int FROM watchlist_people wp WHERE wp.watchlist_id = w.id) AS people`;

type Row = Omit<WatchlistSummary, 'created_at'> & { created_at: Date | string };
const summary = (row: Row): WatchlistSummary => ({ ...row, created_at: new Date(row.created_at).toISOString() });

/** Each user's named lists of companies (issue 29 section 3); every call is scoped to its owner. */
@Injectable()
export class WatchlistsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The user's lists; given a company, each says whether it holds it (`watching`). */
  async list(userId: string, company?: string): Promise<WatchlistSummary[]> {
    if (company === undefined) {
      const rows: Row[] = await this.db.query(`SELECT ${SUMMARY} FROM watchlists w WHERE w.user_id = $1 ORDER BY w.name`, [userId]);
      return rows.map(summary);
    }
    const number = watchedCompanyNumber(company);
    const rows: (Row & { watching: boolean })[] = await this.db.query(
      `SELECT ${SUMMARY}, EXISTS (SELECT 1 FROM watchlist_companies wc WHERE wc.watchlist_id = w.id AND wc.company_number = $2) AS watching
         FROM watchlists w WHERE w.user_id = $1 ORDER BY w.name`,
      [userId, number],
    );
    return rows.map((row) => ({ ...summary(row), watching: row.watching === true }));
  }

  async create(userId: string, dto: CreateWatchlistDto): Promise<WatchlistSummary> {
    const name = dto.name.trim();
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM watchlists WHERE user_id = $1`, [userId]);
    if (count >= WATCHLIST_LIMITS.lists)
      throw new BadRequestException(`You have ${count} watchlists, the most one account may hold: delete one first`);
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO watchlists (user_id, name, rules, email) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, name) DO NOTHING RETURNING id`,
      [userId, name, [...new Set(dto.rules ?? ALERT_KINDS)], dto.email ?? 'off'],
    );
    if (rows.length === 0) throw new ConflictException(`You already have a watchlist named "${name}"`);
    return this.summary(userId, rows[0].id);
  }

  async summary(userId: string, id: string): Promise<WatchlistSummary> {
    const [row]: Row[] = await this.db.query(`SELECT ${SUMMARY} FROM watchlists w WHERE w.id = $1 AND w.user_id = $2`, [id, userId]);
    if (!row) throw new NotFoundException(NOT_FOUND);
    return summary(row);
  }

  async detail(userId: string, id: string): Promise<WatchlistDetail> {
    const head = await this.summary(userId, id);
    const companies: { company_number: string; company_name: string | null; company_status: string | null; added_at: Date }[] =
      await this.db.query(
        `SELECT wc.company_number, c.company_name, c.company_status, wc.added_at
           FROM watchlist_companies wc LEFT JOIN companies c USING (company_number)
          WHERE wc.watchlist_id = $1 ORDER BY wc.company_number LIMIT $2`,
        [id, WATCHLIST_LIMITS.companies],
      );
    return {
      ...head,
      company_list: companies.map((c) => ({ ...c, added_at: new Date(c.added_at).toISOString() })),
      ...(await watchedNamesOf(this.db, id)),
    };
  }

  async update(userId: string, id: string, dto: UpdateWatchlistDto): Promise<WatchlistSummary> {
    await this.summary(userId, id);
    try {
      await this.db.query(
        `UPDATE watchlists SET name = COALESCE($3, name), rules = COALESCE($4, rules), email = COALESCE($5, email)
          WHERE id = $1 AND user_id = $2`,
        [id, userId, dto.name?.trim() ?? null, dto.rules ? [...new Set(dto.rules)] : null, dto.email ?? null],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ConflictException(`You already have a watchlist named "${dto.name}"`);
      throw error;
    }
    return this.summary(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    const rows = deletedRows(await this.db.query(`DELETE FROM watchlists WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]));
    if (rows.length === 0) throw new NotFoundException(NOT_FOUND);
  }

  /** Adds companies Credence holds; numbers it does not hold are answered, not added. */
  async add(userId: string, id: string, dto: WatchCompaniesRequest): Promise<WatchAddResult> {
    await this.summary(userId, id);
    const numbers = this.numbers(dto);
    const held: string[] = (
      await this.db.query(`SELECT company_number FROM companies WHERE company_number = ANY($1::text[])`, [numbers])
    ).map((r: { company_number: string }) => r.company_number);
    const heldSet = new Set(held);
    const unknown = numbers.filter((n) => !heldSet.has(n));
    return this.db.transaction(async (manager) => {
      // The list row locked: two requests adding at once cannot pass the bound together.
      await manager.query(`SELECT id FROM watchlists WHERE id = $1 FOR UPDATE`, [id]);
      const existing = new Set<string>(
        (
          await manager.query(
            `SELECT company_number FROM watchlist_companies WHERE watchlist_id = $1 AND company_number = ANY($2::text[])`,
            [id, held],
          )
        ).map((r: { company_number: string }) => r.company_number),
      );
      const fresh = held.filter((n) => !existing.has(n));
      const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM watchlist_companies WHERE watchlist_id = $1`, [id]);
      if (count + fresh.length > WATCHLIST_LIMITS.companies)
        throw new BadRequestException(
          `A watchlist holds at most ${WATCHLIST_LIMITS.companies.toLocaleString('en-GB')} companies: this one has ${count}, ` +
            `adding ${fresh.length} would pass it. Make another list or remove some first`,
        );
      await manager.query(
        `INSERT INTO watchlist_companies (watchlist_id, company_number) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [id, fresh],
      );
      return { added: fresh, already: held.filter((n) => existing.has(n)), unknown, companies: count + fresh.length };
    });
  }

  async unwatch(userId: string, id: string, raw: string[]): Promise<{ removed: string[]; companies: number }> {
    await this.summary(userId, id);
    const numbers = this.numbers({ company_numbers: raw });
    const removed = deletedRows<{ company_number: string }>(
      await this.db.query(
        `DELETE FROM watchlist_companies WHERE watchlist_id = $1 AND company_number = ANY($2::text[]) RETURNING company_number`,
        [id, numbers],
      ),
    ).map((r) => r.company_number);
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM watchlist_companies WHERE watchlist_id = $1`, [id]);
    return { removed, companies: count };
  }

  /** The request's company numbers (a list or a CSV), each checked: a bad one is a 400 naming it. */
  private numbers(dto: WatchCompaniesRequest): string[] {
    if (!dto.company_numbers && dto.csv === undefined) throw new BadRequestException('Give company_numbers (a list) or csv (a CSV file)');
    const bad: string[] = [];
    const numbers: string[] = [];
    for (const raw of dto.company_numbers ?? []) {
      const n = watchedCompanyNumber(raw);
      if (n) numbers.push(n);
      else bad.push(raw.slice(0, 40));
    }
    if (dto.csv !== undefined) {
      const read = companyNumbersFromCsv(dto.csv);
      numbers.push(...read.numbers);
      bad.push(...read.bad);
    }
    if (bad.length > 0)
      throw new BadRequestException(
        `Not company numbers: ${bad
          .slice(0, 5)
          .map((b) => JSON.stringify(b))
          .join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''} ` + '(8 characters such as 00445790 or SC123456)',
      );
    const unique = [...new Set(numbers)];
    if (unique.length === 0) throw new BadRequestException('No company numbers given');
    if (unique.length > WATCHLIST_LIMITS.perRequest)
      throw new BadRequestException(
        `At most ${WATCHLIST_LIMITS.perRequest} company numbers a request (got ${unique.length}): send them in parts`,
      );
    return unique;
  }
}
