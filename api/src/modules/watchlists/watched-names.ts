import type { DataSource } from 'typeorm';
import type { WatchedLender, WatchedPerson } from '@credence/shared';

/** A list's lenders (with how many companies Credence holds charges of to each) and people (with their appointments held). */
export async function watchedNamesOf(db: DataSource, id: string): Promise<{ lender_list: WatchedLender[]; people_list: WatchedPerson[] }> {
  const lenders: (WatchedLender & { added_at: Date })[] = await db.query(
    `SELECT wl.lender_key, wl.lender_name, wl.added_at,
            (SELECT count(DISTINCT ch.company_number)::int FROM charge_lenders cl JOIN charges ch USING (charge_id)
              WHERE cl.lender_key = wl.lender_key) AS companies
       FROM watchlist_lenders wl WHERE wl.watchlist_id = $1 ORDER BY wl.lender_name`,
    [id],
  );
  const people: (WatchedPerson & { added_at: Date })[] = await db.query(
    `SELECT wp.officer_id, wp.name, wp.added_at,
            (SELECT count(*)::int FROM officers o WHERE o.appointments_link = '/officers/' || wp.officer_id || '/appointments') AS appointments
       FROM watchlist_people wp WHERE wp.watchlist_id = $1 ORDER BY wp.name, wp.officer_id`,
    [id],
  );
  const iso = <T extends { added_at: Date }>(r: T) => ({ ...r, added_at: new Date(r.added_at).toISOString() });
  return { lender_list: lenders.map(iso), people_list: people.map(iso) };
}

/** The rows a DELETE ... RETURNING answered: [rows, count] on server Postgres, the rows on the embedded database. */
export function deletedRows<T>(answer: unknown): T[] {
  const list = answer as unknown[];
  return (Array.isArray(list[0]) ? list[0] : list) as T[];
}
