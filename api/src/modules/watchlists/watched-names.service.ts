import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  officerIdOf,
  officerPersonKey,
  WATCHLIST_LIMITS,
  watchedLender,
  type UnwatchNamesResult,
  type WatchNamesResult,
} from '@credence/shared';
import { deletedRows } from './watched-names.js';
import { WatchlistsService } from './watchlists.service.js';

/** One of the two kinds of name a list holds beside companies: its table, key column, bound and words. */
interface Kind {
  table: 'watchlist_lenders' | 'watchlist_people';
  key: 'lender_key' | 'officer_id';
  limit: number;
  noun: string;
}
const LENDERS: Kind = { table: 'watchlist_lenders', key: 'lender_key', limit: WATCHLIST_LIMITS.lenders, noun: 'lenders' };
const PEOPLE: Kind = { table: 'watchlist_people', key: 'officer_id', limit: WATCHLIST_LIMITS.people, noun: 'people' };

/** A name as given, the key it is held by, and the columns written with it. */
interface Named {
  given: string;
  key: string;
  row: Record<string, string | null>;
}

const appointmentsLink = (officerId: string) => `/officers/${officerId}/appointments`;

/**
 * The lenders and people of each user's lists (issue 29 section 3): a lender watches every company
 * whose charges name it, a person their appointments and PSC entries (stream-alerts.ts raises
 * them). Names no charge or appointment Credence holds names are answered, not added, as unknown
 * company numbers are. Every call is scoped to the list's owner (another's list is a 404).
 */
@Injectable()
export class WatchedNamesService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(WatchlistsService) private readonly lists: WatchlistsService,
  ) {}

  async addLenders(userId: string, id: string, names: string[]): Promise<WatchNamesResult> {
    await this.lists.summary(userId, id);
    const named = unique(names.map((given) => ({ given, lender: watchedLender(given)! }))).map(({ given, lender }) => ({
      given,
      key: lender.key,
      row: { lender_key: lender.key, lender_name: lender.name },
    }));
    const held = new Set<string>(
      (
        await this.db.query(`SELECT DISTINCT lender_key FROM charge_lenders WHERE lender_key = ANY($1::text[])`, [named.map((n) => n.key)])
      ).map((r: { lender_key: string }) => r.lender_key),
    );
    return this.add(LENDERS, id, named, held);
  }

  async addPeople(userId: string, id: string, ids: string[]): Promise<WatchNamesResult> {
    await this.lists.summary(userId, id);
    const officerIds = [...new Set(ids.map((raw) => officerIdOf(raw)!))];
    const rows: { appointments_link: string; name: string; birth_month: number | null; birth_year: number | null }[] = await this.db.query(
      `SELECT DISTINCT ON (appointments_link) appointments_link, name, birth_month, birth_year
         FROM officers WHERE appointments_link = ANY($1::text[]) ORDER BY appointments_link, appointed_on DESC NULLS LAST`,
      [officerIds.map(appointmentsLink)],
    );
    const byLink = new Map(rows.map((r) => [r.appointments_link, r]));
    const named = officerIds.map((officerId) => {
      const officer = byLink.get(appointmentsLink(officerId));
      const name = officer?.name ?? officerId;
      const personKey = officer ? officerPersonKey(name, { month: officer.birth_month, year: officer.birth_year }) : null;
      return { given: officerId, key: officerId, row: { officer_id: officerId, name, person_key: personKey } };
    });
    return this.add(PEOPLE, id, named, new Set(officerIds.filter((o) => byLink.has(appointmentsLink(o)))));
  }

  async removeLenders(userId: string, id: string, names: string[]): Promise<UnwatchNamesResult> {
    await this.lists.summary(userId, id);
    return this.remove(LENDERS, id, [...new Set(names.map((n) => watchedLender(n)!.key))]);
  }

  async removePeople(userId: string, id: string, ids: string[]): Promise<UnwatchNamesResult> {
    await this.lists.summary(userId, id);
    return this.remove(PEOPLE, id, [...new Set(ids.map((raw) => officerIdOf(raw)!))]);
  }

  private add(kind: Kind, id: string, named: Named[], held: Set<string>): Promise<WatchNamesResult> {
    const known = named.filter((n) => held.has(n.key));
    const unknown = named.filter((n) => !held.has(n.key)).map((n) => n.given);
    return this.db.transaction(async (manager) => {
      // The list row locked: two requests adding at once cannot pass the bound together.
      await manager.query(`SELECT id FROM watchlists WHERE id = $1 FOR UPDATE`, [id]);
      const existing = new Set<string>(
        (
          await manager.query(`SELECT ${kind.key} AS key FROM ${kind.table} WHERE watchlist_id = $1 AND ${kind.key} = ANY($2::text[])`, [
            id,
            known.map((n) => n.key),
          ])
        ).map((r: { key: string }) => r.key),
      );
      const fresh = known.filter((n) => !existing.has(n.key));
      const count = await total(manager, kind, id);
      if (count + fresh.length > kind.limit)
        throw new BadRequestException(
          `A watchlist holds at most ${kind.limit.toLocaleString('en-GB')} ${kind.noun}: this one has ${count}, ` +
            `adding ${fresh.length} would pass it. Make another list or remove some first`,
        );
      if (fresh.length > 0) {
        const columns = Object.keys(fresh[0].row).join(', ');
        await manager.query(
          `INSERT INTO ${kind.table} (watchlist_id, ${columns})
           SELECT $1, ${columns} FROM jsonb_populate_recordset(NULL::${kind.table}, $2::jsonb) ON CONFLICT DO NOTHING`,
          [id, JSON.stringify(fresh.map((n) => n.row))],
        );
      }
      return {
        added: fresh.map((n) => n.given),
        already: known.filter((n) => existing.has(n.key)).map((n) => n.given),
        unknown,
        total: count + fresh.length,
      };
    });
  }

  private async remove(kind: Kind, id: string, keys: string[]): Promise<UnwatchNamesResult> {
    const answer = await this.db.query(
      `DELETE FROM ${kind.table} WHERE watchlist_id = $1 AND ${kind.key} = ANY($2::text[])
       RETURNING ${kind === LENDERS ? 'lender_name' : 'officer_id'} AS name`,
      [id, keys],
    );
    const removed = deletedRows<{ name: string }>(answer).map((r) => r.name);
    return { removed, total: await total(this.db.manager, kind, id) };
  }
}

async function total(manager: EntityManager, kind: Kind, id: string): Promise<number> {
  const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM ${kind.table} WHERE watchlist_id = $1`, [id]);
  return count;
}

/** The first of each lender key among the names given. */
function unique<T extends { lender: { key: string } }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.lender.key) && seen.add(item.lender.key));
}
