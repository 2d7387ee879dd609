import type { EntityManager } from 'typeorm';
import { lenderKey } from '@credence/shared';
import { bulkInsert, copyLines } from '../../../core/database/bulk-insert.js';
import type { ChargeRow } from '../../../platform/register/rows.js';
import { CHARGE_LENDERS, CHARGES, type TableSpec } from './tables.js';

/**
 * The one way rows reach the UK company tables: importers, `sync` and the sample generator all
 * write through here, inside the caller's transaction (one batch = one transaction).
 */

function toArrays(table: TableSpec, columns: string[], rows: object[]): unknown[][] {
  const specs = columns.map((name) => table.columns.find((c) => c.name === name)!);
  return rows.map((row) => {
    const record = row as Record<string, unknown>;
    return specs.map((spec) => {
      const value = record[spec.name];
      return value === undefined || value === null ? (spec.empty ?? null) : value;
    });
  });
}

function chosenColumns(table: TableSpec, only?: string[]): string[] {
  if (!only) return table.columns.map((c) => c.name);
  for (const name of only) {
    if (!table.columns.some((c) => c.name === name)) throw new Error(`${table.name} has no column ${name}`);
  }
  return [...new Set([...table.key, ...only])];
}

/**
 * Inserts the rows, or updates the existing ones with the same key (idempotent re-imports).
 * `columns`: the columns this source knows; others keep their stored values on update.
 * Within one batch, the last row with a key wins. Answers the number of rows written.
 */
export async function upsertRows(manager: EntityManager, table: TableSpec, rows: object[], columns?: string[]): Promise<number> {
  if (rows.length === 0) return 0;
  const names = chosenColumns(table, columns);
  const stage = await createStage(manager, table);
  const specs = names.map((name) => table.columns.find((c) => c.name === name)!);
  await bulkInsert(manager, stage, specs, toArrays(table, names, rows));
  return upsertFromStage(manager, table, names);
}

/**
 * upsertRows for rows already in COPY's text format (server Postgres): `lines[i]` holds the values
 * of `columns` in that order (which must include the key). The same rules: the last line with a
 * key wins, other columns keep their stored values on update.
 */
export async function upsertCopyLines(manager: EntityManager, table: TableSpec, columns: string[], lines: string[]): Promise<number> {
  if (lines.length === 0) return 0;
  checkCopyColumns(table, columns);
  const stage = await createStage(manager, table);
  await copyLines(manager, stage, columns, lines);
  return upsertFromStage(manager, table, columns);
}

/**
 * Bulk load of rows in COPY's text format (server Postgres): COPY straight into the table, which
 * skips the staging table, its sort and the conflict checks. For a table that is not expected to
 * hold these keys yet (a bulk load into an empty table). If it does after all (a key twice in the
 * input, rows an interrupted run left, another writer), the COPY fails on the primary key and the
 * batch is upserted instead from a savepoint, so that the outcome is upsertCopyLines's: nothing
 * duplicated, the last line with a key wins (`lines` in input order). Answers the rows written.
 */
export async function insertCopyLines(
  manager: EntityManager,
  table: TableSpec,
  columns: string[],
  lines: string[],
  /** The lines' positions in key order, when the caller knows them (else the lines are sorted here). */
  order?: ArrayLike<number>,
): Promise<{ written: number; upserted: boolean }> {
  if (lines.length === 0) return { written: 0, upserted: false };
  checkCopyColumns(table, columns);
  // In key order: the primary key's pages are then visited in order, once per batch, rather than
  // at random, which took a million-row load from 7.5 s to 5.7 s of the server's time. With the key
  // first, the lines sort as their keys do (a tab sorts before any character of a key).
  const ordered = order
    ? Array.from(order, (at) => lines[at])
    : table.key.length === 1 && columns[0] === table.key[0]
      ? [...lines].sort()
      : lines;
  await manager.query('SAVEPOINT bulk_copy');
  try {
    const written = await copyLines(manager, table.name, columns, ordered);
    await manager.query('RELEASE SAVEPOINT bulk_copy');
    return { written, upserted: false };
  } catch (error) {
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    await manager.query('ROLLBACK TO SAVEPOINT bulk_copy');
  }
  return { written: await upsertCopyLines(manager, table, columns, lines), upserted: true };
}

const UNIQUE_VIOLATION = '23505';

function sqlState(error: unknown): unknown {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return e?.code ?? e?.driverError?.code;
}

function checkCopyColumns(table: TableSpec, columns: string[]): void {
  for (const key of table.key) if (!columns.includes(key)) throw new Error(`${table.name}: the key column ${key} is not among the columns`);
  chosenColumns(table, columns);
}

async function createStage(manager: EntityManager, table: TableSpec): Promise<string> {
  const stage = `stage_${table.name}`;
  await manager.query(`CREATE TEMP TABLE ${stage} (LIKE ${table.name} INCLUDING DEFAULTS) ON COMMIT DROP`);
  return stage;
}

/** INSERT ... ON CONFLICT DO UPDATE from the staging table (the last staged row of a key wins), then drops it. */
async function upsertFromStage(manager: EntityManager, table: TableSpec, names: string[]): Promise<number> {
  const stage = `stage_${table.name}`;
  const keys = table.key.join(', ');
  const updates = names.filter((n) => !table.key.includes(n)).map((n) => `${n} = EXCLUDED.${n}`);
  if (table.name === 'companies') updates.push('updated_at = now()');
  const [{ count }] = await manager.query(
    `WITH written AS (
       INSERT INTO ${table.name} (${names.join(', ')})
       SELECT DISTINCT ON (${keys}) ${names.join(', ')} FROM ${stage} ORDER BY ${keys}, ctid DESC
       ON CONFLICT (${keys}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}
       RETURNING 1)
     SELECT count(*)::int AS count FROM written`,
  );
  await manager.query(`DROP TABLE ${stage}`);
  return count;
}

/**
 * Replaces everything `table` holds for these companies with `rows`: for sources that give the
 * whole list (an officers or filing-history answer), so that removed entries go too.
 */
export async function replaceForCompanies(
  manager: EntityManager,
  table: TableSpec,
  companyNumbers: string[],
  rows: object[],
): Promise<number> {
  if (companyNumbers.length === 0) return 0;
  await manager.query(`DELETE FROM ${table.name} WHERE company_number = ANY($1::text[])`, [companyNumbers]);
  if (table === CHARGES) return upsertCharges(manager, rows as ChargeRow[]);
  return upsertRows(manager, table, rows);
}

/** Charges, and their lenders with the normalised keys the creditors screener counts by. */
export async function upsertCharges(manager: EntityManager, rows: ChargeRow[]): Promise<number> {
  const written = await upsertRows(manager, CHARGES, rows);
  const ids = rows.map((r) => r.charge_id);
  await manager.query(`DELETE FROM charge_lenders WHERE charge_id = ANY($1::text[])`, [ids]);
  await upsertRows(manager, CHARGE_LENDERS, chargeLenders(rows));
  return written;
}

/** The lenders' rows of these charges (a charge repeated in one batch: from its last row, the one that wins). */
function chargeLenders(rows: ChargeRow[]): object[] {
  const lastRows = new Map(rows.map((row) => [row.charge_id, row]));
  return [...lastRows.values()].flatMap((row) =>
    (row.persons_entitled ?? [])
      .map((name) => name.trim())
      .filter(Boolean)
      .map((raw_name, position) => ({ charge_id: row.charge_id, position, raw_name, lender_key: lenderKey(raw_name) })),
  );
}

/**
 * upsertRows for a table not expected to hold these keys yet (the sample generator after it
 * emptied the tables): the rows go straight into the table (COPY on server Postgres), without
 * upsertRows's staging table, its sort and a conflict check per row, which were most of the
 * database's time in a seed. If a key is there after all (twice in the batch, or another writer),
 * the insert fails on the primary key and the batch is upserted instead from a savepoint: the
 * outcome is upsertRows's. Answers the rows written and whether the upsert ran.
 */
export async function insertRows(
  manager: EntityManager,
  table: TableSpec,
  rows: object[],
): Promise<{ written: number; upserted: boolean }> {
  if (rows.length === 0) return { written: 0, upserted: false };
  const names = chosenColumns(table);
  const specs = names.map((name) => table.columns.find((c) => c.name === name)!);
  await manager.query('SAVEPOINT bulk_insert');
  try {
    await bulkInsert(manager, table.name, specs, toArrays(table, names, rows));
    await manager.query('RELEASE SAVEPOINT bulk_insert');
    return { written: rows.length, upserted: false };
  } catch (error) {
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    await manager.query('ROLLBACK TO SAVEPOINT bulk_insert');
  }
  return { written: await upsertRows(manager, table, rows), upserted: true };
}

/** insertRows for charges and their lenders; upsertCharges's outcome when a charge was there already. */
export async function insertCharges(manager: EntityManager, rows: ChargeRow[]): Promise<number> {
  const charges = await insertRows(manager, CHARGES, rows);
  if (charges.upserted) return upsertCharges(manager, rows);
  const lenders = await insertRows(manager, CHARGE_LENDERS, chargeLenders(rows));
  if (lenders.upserted) return upsertCharges(manager, rows);
  return charges.written;
}
