// npm run bench:import (in api/, after `npm run build` at the root): the companies-csv import of a
// 1,000,000-row BasicCompanyData file in the published format, beside a plain `psql \copy` of
// the same file into an unindexed table of text columns, measured in the same run, on server
// Postgres (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) in a database of
// its own (credence_bench_import_<pid>, dropped at the end).
//
//   BENCH_ROWS=200000 npm run bench:import      # a smaller file
//   BENCH_CSV=/path/to/file.csv npm run bench:import   # an existing file (a real download) instead
//   BENCH_KEEP=1 ...                            # keep the generated file (its path is printed)
//   BENCH_REIMPORT=1 ...                        # also time a second import of the file (every row an update)
//   BENCH_WAIT=0 ...                            # skip the second first load, with --wait (indexes and refresh before exit)
//   CREDENCE_BENCH_DIST=.dist-csv ...           # a build in another folder than dist/ (relative to the cwd)
//   BENCH_DB=credence_bench_h7 ...              # the database's name prefix (default credence_bench_import)
//
// Not part of `npm run bench`: it takes a minute and both cores.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seededRandom } from '@credence/shared/query-families';

const here = dirname(fileURLToPath(import.meta.url));
const ADMIN = join(
  process.env.CREDENCE_BENCH_DIST ? join(process.cwd(), process.env.CREDENCE_BENCH_DIST) : join(here, '..', 'dist'),
  'src',
  'bin',
  'credence-admin.js',
);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
if (!process.env.BENCH_CSV && !(ROWS >= 1 && ROWS <= 1_000_000))
  throw new Error('BENCH_ROWS: 1 to 1,000,000 (the generator numbers companies uniquely up to there)');
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const HEADER =
  'CompanyName, CompanyNumber,RegAddress.CareOf,RegAddress.POBox,RegAddress.AddressLine1, RegAddress.AddressLine2,RegAddress.PostTown,' +
  'RegAddress.County,RegAddress.Country,RegAddress.PostCode,CompanyCategory,CompanyStatus,CountryOfOrigin,DissolutionDate,IncorporationDate,' +
  'Accounts.AccountRefDay,Accounts.AccountRefMonth,Accounts.NextDueDate,Accounts.LastMadeUpDate,Accounts.AccountCategory,Returns.NextDueDate,' +
  'Returns.LastMadeUpDate,Mortgages.NumMortCharges,Mortgages.NumMortOutstanding,Mortgages.NumMortPartSatisfied,Mortgages.NumMortSatisfied,' +
  'SICCode.SicText_1,SICCode.SicText_2,SICCode.SicText_3,SICCode.SicText_4,LimitedPartnerships.NumGenPartners,LimitedPartnerships.NumLimPartners,' +
  'URI,PreviousName_1.CONDATE, PreviousName_1.CompanyName, PreviousName_2.CONDATE, PreviousName_2.CompanyName,PreviousName_3.CONDATE, ' +
  'PreviousName_3.CompanyName,PreviousName_4.CONDATE, PreviousName_4.CompanyName,PreviousName_5.CONDATE, PreviousName_5.CompanyName,' +
  'PreviousName_6.CONDATE, PreviousName_6.CompanyName,PreviousName_7.CONDATE, PreviousName_7.CompanyName,PreviousName_8.CONDATE, ' +
  'PreviousName_8.CompanyName,PreviousName_9.CONDATE, PreviousName_9.CompanyName,PreviousName_10.CONDATE, PreviousName_10.CompanyName,' +
  'ConfStmtNextDueDate, ConfStmtLastMadeUpDate';
const COLUMNS = HEADER.split(',').length; // 55

// ---- A quick deterministic generator of realistic rows ------------------------------------------

const random = seededRandom;

const WORDS = (
  'ACORN ALBION APEX ARDEN ASHFORD ATLAS AVON BEACON BIRCH BRIDGE BRIGHTON BRISTOL BROOK CALEDONIAN CAMBRIAN CASTLE CEDAR CENTRAL ' +
  'CHELSEA CITY CLYDE COASTAL COBALT CROWN DALE DERWENT DOVER EAGLE EDEN ELM EMPIRE FALCON FENWICK FOREST FOXGLOVE GLOBAL GRANITE ' +
  'GREEN HALCYON HARBOUR HAWTHORN HERON HIGHLAND HOLLY IVY JUBILEE KESTREL KINGFISHER LAKELAND LANCASTER LINDEN LOTUS MAPLE MARINER ' +
  'MEADOW MERCIA MERIDIAN MILLBROOK MONARCH NORTHERN NOVA OAK ORCHARD PARKSIDE PENNINE PHOENIX PINNACLE PRIMROSE QUAY RAVEN REGENT ' +
  'RIVERSIDE ROWAN SAXON SEVERN SHIRE SILVER SOLENT SOVEREIGN SPRING STERLING SUMMIT SWIFT TAMAR THAMES TRENT TUDOR UNION VALE ' +
  'VICTORIA WESSEX WESTFIELD WILLOW WINDSOR YORK ZENITH'
).split(' ');
const TRADES = (
  'CONSULTING PROPERTIES HOLDINGS SERVICES TECHNOLOGIES SOLUTIONS CONSTRUCTION LOGISTICS TRADING INVESTMENTS DEVELOPMENTS ' +
  'ENGINEERING MEDIA CAPITAL HEALTHCARE FOODS ESTATES ELECTRICAL PLUMBING DESIGN RETAIL VENTURES MOTORS LEISURE SYSTEMS'
).split(' ');
const STREETS =
  'HIGH STREET,STATION ROAD,CHURCH LANE,MILL ROAD,VICTORIA ROAD,KING STREET,PARK AVENUE,LONDON ROAD,QUEENS ROAD,GREEN LANE'.split(',');
const TOWNS = [
  ['LONDON', '', 'EC1A 1BB'],
  ['MANCHESTER', 'GREATER MANCHESTER', 'M1 4BT'],
  ['BIRMINGHAM', 'WEST MIDLANDS', 'B2 4QA'],
  ['LEEDS', 'WEST YORKSHIRE', 'LS1 5DL'],
  ['BRISTOL', '', 'BS1 6HY'],
  ['CARDIFF', 'SOUTH GLAMORGAN', 'CF10 1EP'],
  ['EDINBURGH', 'MIDLOTHIAN', 'EH2 4AN'],
  ['GLASGOW', '', 'G2 1DY'],
  ['BELFAST', 'COUNTY ANTRIM', 'BT1 5GS'],
  ['READING', 'BERKSHIRE', 'RG1 1JX'],
  ['NOTTINGHAM', 'NOTTINGHAMSHIRE', 'NG1 5FS'],
  ['NORWICH', 'NORFOLK', 'NR2 1BH'],
];
const SICS = [
  '70229 - Management consultancy activities other than financial management',
  '62012 - Business and domestic software development',
  '68209 - Other letting and operating of own or leased real estate',
  '41100 - Development of building projects',
  '96090 - Other service activities n.e.c.',
  '82990 - Other business support service activities n.e.c.',
  '43390 - Other building completion and finishing',
  '56101 - Licensed restaurants',
  '47910 - Retail sale via mail order houses or via Internet',
  '64209 - Activities of other holding companies n.e.c.',
  '99999 - Dormant Company',
  '86900 - Other human health activities',
];
const CATEGORIES = [
  [0.88, 'Private Limited Company'],
  [0.93, 'PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)'],
  [0.95, 'Limited Liability Partnership'],
  [0.965, 'Community Interest Company'],
  [0.975, 'Public Limited Company'],
  [0.985, 'Limited Partnership'],
  [0.99, 'Private Unlimited Company'],
  [1, "PRIV LTD SECT. 30 (Private limited company, use of 'Limited' exemption)"],
];
const STATUSES = [
  [0.93, 'Active'],
  [0.97, 'Active - Proposal to Strike off'],
  [0.985, 'Liquidation'],
  [0.993, 'In Administration'],
  [1, 'Voluntary Arrangement'],
];
const ACCOUNTS = ['MICRO ENTITY', 'TOTAL EXEMPTION FULL', 'DORMANT', 'SMALL', 'FULL', 'NO ACCOUNTS FILED', 'UNAUDITED ABRIDGED', 'GROUP'];

const pick = (r, list) => list[Math.floor(r() * list.length)];
const weighted = (r, table) => {
  const x = r();
  return table.find(([p]) => x < p)[1];
};
const pad = (n) => (n < 10 ? '0' + n : String(n));
const date = (r, from, to) =>
  `${pad(1 + Math.floor(r() * 28))}/${pad(1 + Math.floor(r() * 12))}/${from + Math.floor(r() * (to - from + 1))}`;
const q = (value) => `"${value}"`;

/** One row of the published file: every field quoted, dates DD/MM/YYYY, numbers as text. */
function row(r, i) {
  const prefixRoll = r();
  const prefix = prefixRoll < 0.9 ? '' : prefixRoll < 0.95 ? 'SC' : prefixRoll < 0.97 ? 'NI' : prefixRoll < 0.99 ? 'OC' : 'LP';
  // Numbers in no particular order, as in the published file (sorted by name): a permutation of
  // i, unique for up to 1,000,000 rows.
  const permuted = ((i + 1) * 48_271_371) % (prefix ? 1e6 : 1e8);
  const digits = String(permuted).padStart(8 - prefix.length, '0');
  const number = prefix + digits;
  const name = `${pick(r, WORDS)} ${pick(r, TRADES)}${r() < 0.5 ? ' & ' + pick(r, TRADES) : ''} ${prefix === 'OC' ? 'LLP' : r() < 0.02 ? 'PLC' : 'LIMITED'}`;
  const [town, county, postcode] = pick(r, TOWNS);
  const incorporated = date(r, 1980, 2025);
  const charges = r() < 0.12 ? 1 + Math.floor(r() * 6) : 0;
  const outstanding = charges ? Math.floor(r() * (charges + 1)) : 0;
  const sicCount = r() < 0.03 ? 0 : 1 + (r() < 0.2 ? 1 + Math.floor(r() * 2) : 0);
  const sic = [0, 1, 2, 3].map((k) =>
    sicCount === 0 ? (k === 0 ? 'None Supplied' : '') : k < sicCount ? SICS[(i + k * 5) % SICS.length] : '',
  );
  const previous = [];
  const renames = r() < 0.15 ? 1 + Math.floor(r() * 3) : 0;
  for (let k = 1; k <= 10; k++)
    previous.push(k <= renames ? date(r, 1990, 2024) : '', k <= renames ? `${pick(r, WORDS)} ${pick(r, TRADES)} LIMITED` : '');
  const fields = [
    name,
    number,
    r() < 0.03 ? `${pick(r, WORDS)} ACCOUNTANTS LLP` : '',
    '',
    `${1 + Math.floor(r() * 200)} ${pick(r, STREETS)}`,
    r() < 0.25 ? `UNIT ${1 + Math.floor(r() * 40)}, ${pick(r, WORDS)} BUSINESS PARK` : '',
    town,
    county,
    r() < 0.7 ? 'UNITED KINGDOM' : 'ENGLAND',
    postcode,
    weighted(r, CATEGORIES),
    weighted(r, STATUSES),
    'United Kingdom',
    '',
    incorporated,
    String(28 + Math.floor(r() * 4)),
    String(1 + Math.floor(r() * 12)),
    date(r, 2025, 2026),
    date(r, 2023, 2024),
    pick(r, ACCOUNTS),
    // Annual returns ended in 2016: younger companies have none.
    Number(incorporated.slice(6)) < 2016 ? date(r, 2016, 2017) : '',
    Number(incorporated.slice(6)) < 2016 ? date(r, 2015, 2016) : '',
    String(charges),
    String(outstanding),
    '0',
    String(charges - outstanding),
    ...sic,
    '0',
    '0',
    `http://business.data.gov.uk/id/company/${number}`,
    ...previous,
    date(r, 2025, 2026),
    date(r, 2024, 2025),
  ];
  return fields.map(q).join(',');
}

/** Writes the file: the published header, then `rows` rows (CRLF line ends). */
export async function generate(path, rows, seed = 1) {
  const r = random(seed);
  const out = createWriteStream(path);
  let chunk = HEADER + '\r\n';
  for (let i = 0; i < rows; i++) {
    chunk += row(r, i) + '\r\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((resolve, reject) => out.once('finish', resolve).once('error', reject));
}

// ---- The run ---------------------------------------------------------------------------------

/** Runs a command; answers its output, its duration and when (seconds from the spawn) each stderr line arrived. */
function exec(command, args, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e9;
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let partial = '';
    const lines = [];
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      const parts = (partial + d).split('\n');
      partial = parts.pop();
      for (const line of parts) lines.push({ at: since(), line });
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = since();
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr}${stdout}`));
      else resolve({ seconds, stdout, stderr, lines });
    });
  });
}

/**
 * Where an import's time went, from the moments its stderr lines arrived: start-up (process,
 * modules, database, migrations check, indexes set aside), the load, then either the hand-off to
 * the background refresh (a first bulk load) or, with --wait, the index build and the refresh of
 * what is derived from the register (search words, statistics, screener views).
 */
function phases(run) {
  const at = (text) => run.lines.find((l) => l.line.includes(text))?.at;
  const loading = at('bulk load into an empty table') ?? at('rows/s') ?? 0;
  const handedOff = at('the rows are in');
  const building = at('building ') ?? at('refreshing search words');
  const built = at('search indexes built in') ?? building;
  const refreshing = at('refreshing search words') ?? run.seconds;
  return {
    startup: loading,
    load: (handedOff ?? building ?? refreshing) - loading,
    handOff: handedOff === undefined ? 0 : run.seconds - handedOff,
    indexes: built !== undefined && building !== undefined ? built - building : 0,
    refresh: handedOff === undefined ? run.seconds - refreshing : 0,
  };
}

/** Resolves once the process `pid` has exited (the background refresh). */
async function exited(pid) {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const dir = mkdtempSync(join(tmpdir(), 'credence-bench-import-'));
  const file = process.env.BENCH_CSV ?? join(dir, 'BasicCompanyData-2026-11-01-part1_1.csv');
  const name = `${process.env.BENCH_DB ?? 'credence_bench_import'}_${process.pid}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_DB: lower-case letters, digits and _ only');
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dir, LOG_LEVEL: 'warn' };
  let created = false;
  try {
    if (!process.env.BENCH_CSV) {
      const started = Date.now();
      await generate(file, ROWS);
      console.log(
        `generated ${ROWS.toLocaleString('en-GB')} rows (${(statSync(file).size / 1e6).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file}`,
      );
    }
    const rows = process.env.BENCH_CSV ? null : ROWS;
    await sql(BASE_URL, `CREATE DATABASE ${name}`);
    created = true;

    // Baseline: psql \copy of the same file into an unindexed table of text columns.
    const columns = Array.from({ length: COLUMNS }, (_, i) => `c${i + 1} text`).join(', ');
    await sql(env.DATABASE_URL, `CREATE TABLE raw_companies (${columns})`);
    await sql(env.DATABASE_URL, 'CHECKPOINT');
    const copyLoad = loadavg()[0];
    const copy = await exec(
      'psql',
      [
        env.DATABASE_URL,
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `\\copy raw_companies FROM '${file.replace(/'/g, "''")}' WITH (FORMAT csv, HEADER true)`,
      ],
      {},
    );
    const [{ count: copied }] = await sql(env.DATABASE_URL, 'SELECT count(*)::int AS count FROM raw_companies');
    await sql(env.DATABASE_URL, 'DROP TABLE raw_companies');

    // The real command, on a migrated database (migration time not counted).
    await exec(process.execPath, [ADMIN, 'migrate'], env);
    await sql(env.DATABASE_URL, 'CHECKPOINT');
    // Not --quiet: its lines on stderr time the phases (a progress line every 5 s, no more).
    const loadBefore = loadavg()[0];
    const run = await exec(process.execPath, [ADMIN, 'import', 'companies-csv', file, '--json'], env);
    const loadAfter = loadavg()[0];
    const summary = JSON.parse(run.stdout);
    const [{ count: imported }] = await sql(env.DATABASE_URL, 'SELECT count(*)::int AS count FROM companies');
    // Until everything derived is ready: `credence-admin refresh` waits for the background one.
    const finishing = await exec(process.execPath, [ADMIN, 'refresh', '--json'], env);
    if (summary.finishing) await exited(summary.finishing.pid);
    const [{ words }] = await sql(env.DATABASE_URL, 'SELECT count(*)::int AS words FROM company_name_words');
    const [{ screened }] = await sql(env.DATABASE_URL, 'SELECT count(*)::int AS screened FROM screener_companies');
    // The same first load with --wait: indexes and refresh before the command exits.
    let waited = null;
    if (process.env.BENCH_WAIT !== '0') {
      await sql(env.DATABASE_URL, 'TRUNCATE companies CASCADE');
      await exec(process.execPath, [ADMIN, 'refresh', '--force', '--quiet'], env);
      await sql(env.DATABASE_URL, 'CHECKPOINT');
      waited = await exec(process.execPath, [ADMIN, 'import', 'companies-csv', file, '--json', '--wait'], env);
    }
    // A second run over the same file: every row is an update now.
    const again =
      process.env.BENCH_REIMPORT !== '1'
        ? null
        : await exec(process.execPath, [ADMIN, 'import', 'companies-csv', file, '--json', '--quiet'], env);

    const baseRate = copied / copy.seconds;
    const ourRate = imported / run.seconds;
    const fmt = (n) => Math.round(n).toLocaleString('en-GB');
    const parts = phases(run);
    const s1 = (n) => n.toFixed(1).padStart(6);
    console.log(
      `\ncompanies-csv, ${fmt(copied)} rows, server Postgres (${new URL(BASE_URL).host}), load average ${copyLoad.toFixed(2)} before \\copy, ${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)} over the import`,
    );
    console.log(`psql \\copy into an unindexed text table (baseline)   ${s1(copy.seconds)} s  ${fmt(baseRate).padStart(9)} rows/s`);
    console.log(
      `credence-admin import companies-csv (end to end)      ${s1(run.seconds)} s  ${fmt(ourRate).padStart(9)} rows/s   ratio ${(ourRate / baseRate).toFixed(2)}   (importer's own count: ${fmt(summary.rowsPerSecond)} rows/s)`,
    );
    console.log(
      `  of which: start-up ${parts.startup.toFixed(1)} s, load ${parts.load.toFixed(1)} s, ` +
        (summary.finishing
          ? `hand-off to the background ${parts.handOff.toFixed(1)} s`
          : `search indexes ${parts.indexes.toFixed(1)} s, refresh ${parts.refresh.toFixed(1)} s`),
    );
    console.log(
      `  everything derived ready (credence-admin refresh returned) ${s1(run.seconds + finishing.seconds)} s after the start ` +
        `(${fmt(words)} search words, ${fmt(screened)} rows in screener_companies)`,
    );
    if (waited) {
      const w = phases(waited);
      console.log(
        `credence-admin import companies-csv --wait             ${s1(waited.seconds)} s  ${fmt(imported / waited.seconds).padStart(9)} rows/s   ` +
          `(start-up ${w.startup.toFixed(1)} s, load ${w.load.toFixed(1)} s, search indexes ${w.indexes.toFixed(1)} s, refresh ${w.refresh.toFixed(1)} s)`,
      );
    }
    if (again) {
      const againSummary = JSON.parse(again.stdout);
      console.log(
        `the same import again (every row an update)           ${s1(again.seconds)} s  ${fmt(imported / again.seconds).padStart(9)} rows/s   (${fmt(againSummary.written)} written)`,
      );
    }
    const ratio = ourRate / baseRate;
    console.log(
      `ratio to baseline: ${ratio.toFixed(2)}   budget: >= 100,000 rows/s and >= 0.40 of psql \\copy -> ${ourRate >= 100_000 && ratio >= 0.4 ? 'met' : 'NOT met'}`,
    );
    if (rows !== null && (imported !== rows || summary.skipped !== 0))
      throw new Error(`expected ${rows} companies and no bad rows, found ${imported} and ${summary.skipped} bad`);
    if (words === 0 || screened !== imported)
      throw new Error(`the refresh left ${words} search words and ${screened} screener rows for ${imported} companies`);
  } finally {
    if (created) await sql(BASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) => console.error(e.message));
    if (process.env.BENCH_KEEP) console.log(`kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
