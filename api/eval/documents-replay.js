// node api/eval/documents-replay.js [<id fragment>,…] (after `npm run build -w @credence/api`): the development loop
// of the documents evaluation. Asks the dataset's questions again of the pages a previous run stored, without
// uploading: `EVAL_DATA_DIR=<dir> npm run eval:documents -- --no-record` keeps that run's data folder, and this
// script opens its embedded database (the server must be stopped), runs the built-in documents answerer of
// dist/ on each question and scores it as the evaluation does (page hit, figure right, declined, wrong with
// citation). About a minute instead of the run's uploads; the recorded figures still come from
// `npm run eval:documents`, through the real API. SHOW=1 prints each answer; EVAL_DATASET=<dir> names another dataset.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const dataDir = process.env.EVAL_DATA_DIR;
if (!dataDir) {
  console.error('EVAL_DATA_DIR: the data folder a run kept (EVAL_DATA_DIR=<dir> npm run eval:documents -- --no-record)');
  process.exit(2);
}
const { DocumentAnswerer } = await import(join(root, 'src/modules/documents/answers/document-answer.js'));
const { ResearchEvidence } = await import(join(root, 'src/modules/research/evidence/research-evidence.js'));
const { scoreQuestion } = await import(join(root, 'eval/documents/scoring.js'));
const { readDataset } = await import(join(root, 'eval/documents/dataset.js'));
const pg = await PGlite.create({ dataDir: join(dataDir, 'pg'), extensions: { pg_trgm } });
const db = { query: async (sql, params) => (await pg.query(sql, params ?? [])).rows, options: {} };
const dataset = readDataset(
  process.env.EVAL_DATASET ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'datasets', 'financebench-dev'),
);
const docs = await db.query(`SELECT id::text AS id, file_name, chat_key, user_id::text AS user_id FROM uploaded_documents`);
const byName = new Map(docs.map((d) => [d.file_name.replace(/\.pdf$/, ''), d]));
const evidence = new ResearchEvidence(db, { dataDir });
const answerer = new DocumentAnswerer(db, evidence);
const only = process.argv[2];
let hits = 0,
  n = 0,
  wrong = 0,
  right = 0,
  numeric = 0;
for (const q of dataset.questions) {
  if (only && !only.split(',').some((o) => q.id.includes(o))) continue;
  const doc = byName.get(q.doc);
  let text = '';
  const citations = [];
  const ac = new AbortController();
  const out = {
    signal: ac.signal,
    emit(e) {
      if (e.type === 'text') text += e.data.delta;
      if (e.type === 'citation') citations.push({ document_id: e.data.document_id, page: e.data.page });
    },
  };
  const t = performance.now();
  const res = await answerer.answer({ query: q.question, chatKey: doc.chat_key, user: { id: doc.user_id } }, out);
  const s = scoreQuestion(q, doc.id, {
    text,
    declinedMark: Boolean(res?.declined),
    citations,
    status: null,
    error: null,
    ms: Math.round(performance.now() - t),
  });
  n++;
  if (s.pageHit) hits++;
  if (s.numeric) {
    numeric++;
    if (s.figureRight) right++;
    if (s.wrongWithCitation) wrong++;
  }
  console.log(
    `${s.id} ${s.pageHit ? 'HIT ' : 'miss'} gold ${s.evidencePages.join(',')} cited ${s.cited.join(',')}${s.numeric ? ` fig ${s.figureRight} (${s.stated} / ${s.gold.join('/')})` : ''}${s.declined ? ' declined' : ''}${s.wrongWithCitation ? ' WRONG' : ''} ${s.ms}ms`,
  );
  if (process.env.SHOW) console.log(text.slice(0, 3000));
}
console.log(`recall ${hits}/${n} = ${(hits / n).toFixed(2)}; numeric right ${right}/${numeric}; wrong with citation ${wrong}/${numeric}`);
await pg.close();
