// npm run bench:us-kpis (in api/, after `npm run build` at the root): the US equity work per
// request, without HTTP: a KPI table computed from a company's facts with nothing cached
// (companyKpis + kpiTable over eight fiscal years of a sample company, about 700 facts), and
// the highlighted source of a 1.5 MB inline-XBRL 10-K (parse, find the fact, sanitize,
// serialize). Budgets: a KPI table <= 50 ms p95; the highlighted source of a 1.5 MB 10-K <= 300 ms.
// Baseline in the same run: JSON.parse of the facts and htmlparser2's parse of the document alone.
import { companyKpis, kpiTable } from '@credence/shared';
import { parseDocument } from 'htmlparser2';
import { sampleCompany } from '../dist/src/modules/us-equity/seed/us-sample.js';
import { sampleFilingHtml } from '../dist/src/modules/us-equity/source/sample-filing.js';
import { highlightFact } from '../dist/src/modules/us-equity/source/ixbrl-highlight.js';

const p95 = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const time = (fn, n) => {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn(i);
    out.push(performance.now() - t);
  }
  return out;
};

const companies = Array.from({ length: 20 }, (_, i) => sampleCompany(i, 2024));
const facts = companies.map((c) => JSON.stringify(c.facts));
const baseline = time((i) => JSON.parse(facts[i % 20]), 200);
const tables = time(
  (i) =>
    kpiTable(
      companyKpis(JSON.parse(facts[i % 20]), { fiscalYearEnd: companies[i % 20].company.fiscal_year_end }),
      'Income Statement',
      'quarterly',
    ),
  200,
);
console.log(`facts per company: ${companies[0].facts.length}`);
console.log(
  `KPI table, nothing cached: p95 ${p95(tables).toFixed(1)} ms (baseline JSON.parse of the facts p95 ${p95(baseline).toFixed(2)} ms); budget 50 ms: ${p95(tables) <= 50 ? 'met' : 'MISSED'}`,
);

// A 1.5 MB 10-K: the sample 10-K's statements repeated as the notes of a real one repeat figures.
const c = companies[0];
const tenK = c.filings.find((f) => f.form === '10-K');
const own = c.facts.filter((f) => f.accn === tenK.accession);
let html = sampleFilingHtml(c.company.title, '10-K', tenK.report_date, own);
const [head, rest] = html.split('<h2>Financial statements</h2>');
const filler = '<p>' + 'The Company’s results of operations and financial condition are discussed in the notes. '.repeat(40) + '</p>';
let body = rest;
while (head.length + body.length < 1.5e6) body = filler + body;
html = `${head}<h2>Financial statements</h2>${body}`;
const revenue = own.find((f) => /Revenue/.test(f.concept) && f.start);
const parse = time(() => parseDocument(html), 15);
const sources = time(
  () => highlightFact(html, { concept: revenue.concept, start: revenue.start, end: revenue.end, value: revenue.val }),
  15,
);
console.log(`document: ${(html.length / 1e6).toFixed(2)} MB`);
console.log(
  `highlighted source: p95 ${p95(sources).toFixed(0)} ms (baseline htmlparser2 parse alone p95 ${p95(parse).toFixed(0)} ms); budget 300 ms: ${p95(sources) <= 300 ? 'met' : 'MISSED'}`,
);
