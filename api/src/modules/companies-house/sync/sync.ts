import { SummaryBuilder, type ImportContext, type ImportSummary } from '../../../core/import/importer.js';
import {
  MappingError,
  normaliseCompanyNumber,
  recogniseDocument,
  resourcePath,
  type ChResource,
} from '../../../platform/register/ch-api.mapper.js';
import { CompanyGroup, isDataError, writeCompanyGroup } from '../import/ch-api.writer.js';
import { ChApiAuthError, ChApiClient, ChApiHttpError, type ChApiClientOptions } from './ch-api-client.js';

/**
 * `credence-admin sync <company-number>...`: fetches each company's profile, officers, PSCs (and
 * PSC statements when the PSC list links to them), charges and filing history live from the
 * Companies House API (config.chApiUrl, key config.chApiKey), all pages of each list, and stores
 * them through the same mapping and store as `import ch-api`: one transaction per company, whose
 * complete lists replace what was stored.
 */

/** Where bad rows of sync point: the position of the company number among the arguments. */
const ARGUMENTS = 'arguments';

export interface SyncOptions {
  /** Overrides for the client (tests: a clock that does not wait, a smaller limit). */
  client?: Partial<ChApiClientOptions>;
}

export async function syncCompanies(context: ImportContext, companyNumbers: string[], options: SyncOptions = {}): Promise<ImportSummary> {
  const summary = new SummaryBuilder('sync', [], context.reporter);
  const { config } = context;
  if (!config.chApiKey) throw new Error('sync needs a Companies House API key: set CH_API_KEY');
  const client = new ChApiClient({
    baseUrl: config.chApiUrl,
    apiKey: config.chApiKey,
    signal: context.signal,
    onWait: (message) => context.reporter.info(`sync: ${message}`),
    ...options.client,
  });

  const wanted: { number: string; position: number }[] = [];
  companyNumbers.forEach((arg, i) => {
    const number = normaliseCompanyNumber(arg);
    if (!number)
      summary.bad({
        file: ARGUMENTS,
        line: i + 1,
        reason: `"${arg}" is not a company number (8 letters and digits, e.g. 00445790 or SC005336)`,
      });
    else if (!wanted.some((w) => w.number === number)) wanted.push({ number, position: i + 1 });
  });
  summary.summary.files = wanted.map((w) => w.number);

  const seen = new Set<string>();
  let done = 0;
  for (const { number, position } of wanted) {
    if (context.signal?.aborted) break;
    const where = { file: ARGUMENTS, line: position };
    let group: CompanyGroup | null;
    try {
      group = await fetchCompany(client, number, summary);
    } catch (error) {
      if (context.signal?.aborted) break;
      if (error instanceof ChApiAuthError) throw error;
      if (error instanceof ChApiHttpError || error instanceof MappingError) {
        summary.bad({ ...where, reason: `company ${number} not synced: ${error.message}` });
        continue;
      }
      throw error;
    }
    if (!group) {
      summary.summary.read++;
      summary.bad({ ...where, reason: `company ${number} not found at Companies House` });
      continue;
    }
    summary.summary.read += group.records;
    // Fetched whole: stored even when a stop was asked meanwhile (the batch in progress ends).
    try {
      const result = await context.dataSource.transaction((manager) => writeCompanyGroup(manager, group, seen));
      for (const [table, count] of Object.entries(result.tables)) summary.wrote(table, count);
      for (const key of result.written) seen.add(key);
      for (const note of result.notes) context.reporter.info(`sync: ${note}`);
    } catch (error) {
      if (!isDataError(error)) throw error;
      summary.bad({ ...where, reason: `company ${number} not stored: ${(error as Error).message}` });
    }
    done++;
    context.reporter.progress(summary.summary.read, done, wanted.length);
  }
  return summary.finish();
}

/** The company's documents, or null when Companies House has no such company. */
export async function fetchCompany(client: ChApiClient, number: string, summary: SummaryBuilder): Promise<CompanyGroup | null> {
  const profile = await client.get(resourcePath('profile', number));
  if (profile.status === 404) return null;
  const group = new CompanyGroup(number);
  const addPage = (resource: ChResource, body: unknown) => {
    const doc = recogniseDocument({ company_number: number, resource, data: body });
    const path = resourcePath(resource, number);
    for (const problem of group.add(doc, { file: path, line: 1 })) summary.bad({ file: path, line: problem.index, reason: problem.reason });
    return doc;
  };
  const profileDoc = addPage('profile', profile.body);
  const links = (profileDoc.profile?.links ?? {}) as Record<string, unknown>;

  for (const page of await client.getList(resourcePath('officers', number))) addPage('officers', page);
  let statementsLinked = typeof links.persons_with_significant_control_statements === 'string';
  for (const page of await client.getList(resourcePath('pscs', number))) {
    const doc = addPage('pscs', page);
    statementsLinked ||= typeof doc.links?.persons_with_significant_control_statements_list === 'string';
  }
  // The statements list is fetched only when linked (one more request per company); unlinked,
  // the company has none, and stored ones go.
  const statementPages = statementsLinked
    ? await client.getList(resourcePath('psc-statements', number))
    : [{ items: [], total_results: 0 }];
  for (const page of statementPages) addPage('psc-statements', page);
  // No charges link: the company has none (the API answers 404 for its list), saving a request.
  const chargesPages =
    links.charges || profileDoc.profile?.has_charges
      ? await client.getList(resourcePath('charges', number))
      : [{ items: [], total_count: 0 }];
  for (const page of chargesPages) addPage('charges', page);
  for (const page of await client.getList(resourcePath('filing-history', number))) addPage('filing-history', page);
  return group;
}
