import type { DataSource } from 'typeorm';
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
    await manager.query(
      `INSERT INTO derived_versions (name, version) VALUES ('lender_key', $1)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
      [LENDER_KEY_VERSION],
    );
    return names.length;
  });
}
