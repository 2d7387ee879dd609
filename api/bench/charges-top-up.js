// Tops a benchmark database up to the charge volume the screener budgets are set at (issue 4:
// 1,000,000 companies and 4,000,000 charges). The generator gives about 0.6 charges per company,
// as the register does; this clones every generated charge (with its lenders) onto other
// companies, dates shifted, until the total reaches the target. Benchmark databases only.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/credence_bench_1m node bench/charges-top-up.js [target]
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL;
if (!url || !/bench/.test(url)) {
  process.stderr.write('Set BENCH_DATABASE_URL to a benchmark database (its name must contain "bench").\n');
  process.exit(2);
}
const target = Number(process.argv[2] ?? 4_000_000);
const db = new pg.Client({ connectionString: url });
await db.connect();
const started = Date.now();
const [{ charges, companies }] = (
  await db.query(
    `SELECT (SELECT count(*) FROM charges WHERE charge_id NOT LIKE '%~%')::int AS charges, (SELECT count(*) FROM companies)::int AS companies`,
  )
).rows;
const copies = Math.max(0, Math.round(target / charges) - 1);
process.stderr.write(
  `${charges.toLocaleString('en-GB')} generated charges over ${companies.toLocaleString('en-GB')} companies: adding ${copies} clone(s) of each...\n`,
);
await db.query('BEGIN');
await db.query(`DELETE FROM charges WHERE charge_id LIKE '%~%'`);
await db.query(
  `CREATE TEMP TABLE bench_numbers ON COMMIT DROP AS SELECT (row_number() OVER ())::int - 1 AS i, company_number FROM companies`,
);
await db.query(`CREATE UNIQUE INDEX ON bench_numbers (i)`);
await db.query(
  `INSERT INTO charges (charge_id, company_number, charge_number, charge_code, status, created_on, delivered_on, satisfied_on,
     acquired_on, classification_type, classification_description, particulars_type, particulars_description,
     contains_fixed_charge, contains_floating_charge, contains_negative_pledge, floating_charge_covers_all, persons_entitled)
   SELECT c.charge_id || '~' || g, n.company_number, c.charge_number, NULL, c.status, c.created_on - g * 41, c.delivered_on - g * 41,
     c.satisfied_on - g * 41, c.acquired_on, c.classification_type, c.classification_description, c.particulars_type,
     c.particulars_description, c.contains_fixed_charge, c.contains_floating_charge, c.contains_negative_pledge,
     c.floating_charge_covers_all, c.persons_entitled
   FROM charges c CROSS JOIN generate_series(1, $1::int) g
   JOIN bench_numbers n ON n.i = abs(hashtext(c.charge_id || g)) % $2::int`,
  [copies, companies],
);
await db.query(
  `INSERT INTO charge_lenders (charge_id, position, raw_name, lender_key)
   SELECT l.charge_id || '~' || g, l.position, l.raw_name, l.lender_key
   FROM charge_lenders l CROSS JOIN generate_series(1, $1::int) g WHERE l.charge_id NOT LIKE '%~%'`,
  [copies],
);
await db.query('COMMIT');
await db.query('ANALYZE charges; ANALYZE charge_lenders');
const [{ total }] = (await db.query(`SELECT count(*)::int AS total FROM charges`)).rows;
process.stderr.write(`charges now ${total.toLocaleString('en-GB')} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
await db.end();
