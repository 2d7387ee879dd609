import type { DataSource } from 'typeorm';
import { inLanes } from '../../../core/database/in-lanes.js';

/**
 * The foreign keys a bulk load into empty register tables (a large `credence-admin seed`) sets
 * aside beside the companies' search indexes: Postgres checks each key row by row (a lookup and a
 * row lock on the company for every officer, filing, statement...), 14-22% of a 150,000-company
 * seed's time, where one check of the whole table at the end takes seconds (docs/benchmarks.md,
 * "Stop 45"). DeferredIndexes records them in the same marker, drops them in the same transaction
 * and adds them back in its finish, also after an interruption.
 *
 * Which keys: every foreign key that points at companies, or at a table that does (charge lenders
 * at charges). With companies empty (checked under its lock), every table holding such a key is
 * empty too.
 */
export interface DeferredForeignKey {
  schema: string;
  table: string;
  name: string;
  /** As pg_get_constraintdef wrote it. */
  definition: string;
}

const FOREIGN_KEYS = `
  FROM pg_constraint c
  JOIN pg_class t ON t.oid = c.conrelid
  JOIN pg_namespace n ON n.oid = t.relnamespace
 WHERE c.contype = 'f' AND c.confrelid IN (
   WITH RECURSIVE referencing(rel) AS (
     SELECT 'companies'::regclass::oid
      UNION SELECT f.conrelid FROM pg_constraint f JOIN referencing up ON f.confrelid = up.rel WHERE f.contype = 'f')
   SELECT rel FROM referencing)`;

/**
 * PL/pgSQL for SET_ASIDE's DO block (its variables `marker jsonb` and `r record`): adds the keys'
 * definitions to the marker as `foreignKeys`, then drops them.
 */
export const SET_FOREIGN_KEYS_ASIDE = `
  marker := marker || jsonb_build_object('foreignKeys', (
    SELECT coalesce(jsonb_agg(jsonb_build_object('schema', n.nspname, 'table', t.relname, 'name', c.conname,
                                                 'definition', pg_get_constraintdef(c.oid)) ORDER BY t.relname, c.conname), '[]'::jsonb)
    ${FOREIGN_KEYS}));
  FOR r IN SELECT n.nspname, t.relname, c.conname ${FOREIGN_KEYS} LOOP
    EXECUTE format('ALTER TABLE %I.%I DROP CONSTRAINT %I', r.nspname, r.relname, r.conname);
  END LOOP;`;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const COLUMNS = String.raw`\([a-z_][a-z0-9_]*(?:, [a-z_][a-z0-9_]*)*\)`;
/** pg_get_constraintdef's shape for a foreign key: the only text the restore puts into SQL. */
const DEFINITION = new RegExp(
  String.raw`^(FOREIGN KEY ${COLUMNS} REFERENCES (?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*${COLUMNS}` +
    String.raw`(?: MATCH (?:FULL|SIMPLE))?(?: ON (?:UPDATE|DELETE) (?:CASCADE|SET NULL|SET DEFAULT|RESTRICT|NO ACTION))*` +
    String.raw`(?: DEFERRABLE(?: INITIALLY (?:DEFERRED|IMMEDIATE))?)?)(?: NOT VALID)?$`,
);
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Adds the keys back, two tables at a time: each first without checking the rows (a moment's lock),
 * then checked in one pass (VALIDATE, which lets reads and writes go on). A key already there (a
 * restore that stopped half-way) is only checked. Rows that lost their company meanwhile leave the
 * key in force for new rows but unchecked for old ones, and are reported: answers those reports.
 */
export async function restoreForeignKeys(dataSource: DataSource, keys: readonly DeferredForeignKey[]): Promise<string[]> {
  const statements = keys.map((key) => {
    const definition = DEFINITION.exec(key.definition)?.[1];
    if (!definition || ![key.schema, key.table, key.name].every((name) => IDENTIFIER.test(name)))
      throw new Error(`unexpected foreign key in the companies table's comment: ${JSON.stringify(key)}`);
    const table = `${key.schema}.${key.table}`;
    return {
      key,
      add: `ALTER TABLE ${table} ADD CONSTRAINT ${key.name} ${definition} NOT VALID`,
      validate: `ALTER TABLE ${table} VALIDATE CONSTRAINT ${key.name}`,
    };
  });
  const problems: string[] = [];
  await inLanes(statements, 2, async ({ key, add, validate }) => {
    const [{ present }] = await dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = to_regclass($1) AND conname = $2) AS present`,
      [`${key.schema}.${key.table}`, key.name],
    );
    if (!present) await dataSource.query(add);
    try {
      await dataSource.query(validate);
    } catch (error) {
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      problems.push(
        `foreign key ${key.name} of ${key.table}: rows were written without the row they point at while it was set aside; it holds for new rows (find the old ones with ALTER TABLE ${key.table} VALIDATE CONSTRAINT ${key.name})`,
      );
    }
  });
  return problems;
}
