import type { DataSource, EntityManager } from 'typeorm';
import { LENDER_KEY_VERSION, lenderKey } from '@credence/shared';

/** Names updated per statement. */
const BATCH = 5000;

/**
 * Lender keys are derived data: charge_lenders.lender_key is lenderKey(raw_name) as of the version
 * recorded in derived_versions. When shared's LENDER_KEY_VERSION has moved on (a database written
 * before NatWest and National Westminster Bank were merged, say), every stored key is computed
 * again from its raw name, the changed ones written, and the new version recorded, in one
 * transaction. Called at the start of each refresh of the screener views, which then count
 * lenders by the new keys. Answers how many (raw name) keys changed; 0 when already current.
 */
export async function recomputeLenderKeys(dataSource: DataSource): Promise<number> {
  const [recorded] = (await dataSource.query(`SELECT version FROM derived_versions WHERE name = 'lender_key'`)) as { version: number }[];
  if (recorded && Number(recorded.version) >= LENDER_KEY_VERSION) return 0;
  return dataSource.transaction(async (manager) => {
    const pairs: { raw_name: string; lender_key: string }[] = await manager.query(
      `SELECT DISTINCT raw_name, lender_key FROM charge_lenders`,
    );
    const changed = pairs.filter((pair) => lenderKey(pair.raw_name) !== pair.lender_key);
    const names = [...new Set(changed.map((pair) => pair.raw_name))];
    for (let start = 0; start < names.length; start += BATCH) {
      const raw = names.slice(start, start + BATCH);
      await manager.query(
        `UPDATE charge_lenders c SET lender_key = v.key
           FROM unnest($1::text[], $2::text[]) AS v(raw, key)
          WHERE c.raw_name = v.raw AND c.lender_key IS DISTINCT FROM v.key`,
        [raw, raw.map(lenderKey)],
      );
    }
    await rekeyWatchedLenders(manager);
    await manager.query(
      `INSERT INTO derived_versions (name, version) VALUES ('lender_key', $1)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
      [LENDER_KEY_VERSION],
    );
    return names.length;
  });
}

/**
 * The lenders watchlists hold, keyed again from the names users gave (issue 29 section 3): a list
 * keeps watching "NatWest" when it starts counting as National Westminster Bank. A list that then
 * holds one lender twice keeps the one already under the new key.
 */
async function rekeyWatchedLenders(manager: EntityManager): Promise<void> {
  const rows: { lender_name: string; lender_key: string }[] = await manager.query(
    `SELECT DISTINCT lender_name, lender_key FROM watchlist_lenders`,
  );
  const moved = rows.filter((row) => lenderKey(row.lender_name) !== row.lender_key);
  if (moved.length === 0) return;
  const params = [moved.map((row) => row.lender_name), moved.map((row) => lenderKey(row.lender_name))];
  await manager.query(
    `UPDATE watchlist_lenders w SET lender_key = v.key FROM unnest($1::text[], $2::text[]) AS v(name, key)
      WHERE w.lender_name = v.name AND w.lender_key <> v.key
        AND NOT EXISTS (SELECT 1 FROM watchlist_lenders o WHERE o.watchlist_id = w.watchlist_id AND o.lender_key = v.key)`,
    params,
  );
  await manager.query(
    `DELETE FROM watchlist_lenders w USING unnest($1::text[], $2::text[]) AS v(name, key) WHERE w.lender_name = v.name AND w.lender_key <> v.key`,
    params,
  );
}
