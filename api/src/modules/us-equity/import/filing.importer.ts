import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { isAccession, parseCik } from '@credence/shared';
import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from '../../../core/import/importer.js';

/** A primary document larger than this is not an SEC filing's (the largest 10-Ks are tens of MB). */
const MAX_BYTES = 200 * 1024 * 1024;

/**
 * `credence-admin import sec-filing <cik> <accession> <primary document .htm>`: a filing's primary
 * document, kept for the source viewer (which highlights a fact in it). The company must be
 * imported first; the filing row is added when submissions did not list it. Re-runs replace it.
 */
export const secFilingImporter: Importer = {
  kind: 'sec-filing',
  description: "a filing's primary document for the source viewer: sec-filing <cik> <accession> <file.htm>",
  refreshesUkData: false,
  run: importFiling,
};

async function importFiling(context: ImportContext, args: string[]): Promise<ImportSummary> {
  const [cikText, accession, file] = args;
  if (args.length !== 3 || !file) throw new Error('sec-filing takes three arguments: <cik> <accession> <primary document .htm>');
  const cik = parseCik(cikText);
  if (cik === null) throw new Error(`"${cikText}" is not a CIK: give the company's SEC CIK, e.g. 320193`);
  if (!isAccession(accession ?? '')) throw new Error(`"${accession}" is not an accession number: write it as 0000320193-23-000106`);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new Error(`${file}: no such file or directory`);
  }
  const summary = new SummaryBuilder('sec-filing', [file], context.reporter);
  summary.summary.read = 1;
  if (size > MAX_BYTES) {
    summary.bad({ file, line: 1, reason: `over ${MAX_BYTES / 1024 / 1024} MB: not a filing's primary document` });
    return summary.finish();
  }
  const html = readFileSync(file, 'utf8');
  if (!/<html|<ix:header|<body/i.test(html.slice(0, 200_000))) {
    summary.bad({ file, line: 1, reason: "not an HTML document (expected the filing's primary .htm document)" });
    return summary.finish();
  }
  const inline = /<ix:header/i.test(html);
  await context.dataSource.transaction(async (m) => {
    const [company] = await m.query('SELECT 1 FROM us_companies WHERE cik = $1', [cik]);
    if (!company) throw new Error(`company ${cik} is not imported: import its companyfacts or submissions first`);
    const [{ form } = { form: null }] = await m.query('SELECT form FROM us_facts WHERE accn = $1 LIMIT 1', [accession]);
    await m.query(
      `INSERT INTO us_filings (accession, cik, form, primary_document, is_xbrl, is_inline_xbrl) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (accession) DO UPDATE SET primary_document = COALESCE(us_filings.primary_document, EXCLUDED.primary_document),
         is_inline_xbrl = us_filings.is_inline_xbrl OR EXCLUDED.is_inline_xbrl`,
      [accession, cik, form ?? 'unknown', basename(file), inline],
    );
    await m.query(
      `INSERT INTO us_filing_documents (accession, cik, primary_document, html) VALUES ($1, $2, $3, $4)
       ON CONFLICT (accession) DO UPDATE SET html = EXCLUDED.html, primary_document = EXCLUDED.primary_document, imported_at = now()`,
      [accession, cik, basename(file), html],
    );
  });
  summary.wrote('us_filing_documents', 1);
  if (!inline)
    context.reporter.info(`sec-filing: ${basename(file)} has no inline XBRL (a filing from before 2019?): shown without highlights.`);
  return summary.finish();
}
