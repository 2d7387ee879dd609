/**
 * Runs the documents evaluation against a running API, as an analyst would use it: each PDF
 * uploaded through `POST /api/upload_pdf` into a chat of its own and processed
 * (start_pdf_processing), then each question asked through `POST /api/research/ask` with that
 * chat's key, read as it streams, all with the shared client the web app and the terminal use.
 */
import { readFileSync } from 'node:fs';
import { ApiError, waitForJob, type ApiClient, type ResearchEngineInfo } from '@credence/shared';
import type { Dataset, DatasetQuestion } from './dataset.js';
import { diagnose, type EvidenceDiagnosis } from './diagnosis.js';
import { scoreQuestion, type AskedAnswer, type QuestionScore } from './scoring.js';

export interface UploadResult {
  doc: string;
  /** Null when it was refused. */
  documentId: string | null;
  pages: number | null;
  /** The HTTP status of a refusal; null when stored. */
  status: number | null;
  /** The refusal's message, with the server's own error line for a 5xx. */
  reason: string | null;
  ms: number;
}

export interface EvaluatedQuestion extends QuestionScore {
  evidence: EvidenceDiagnosis[];
}

export interface RunOutcome {
  uploads: UploadResult[];
  questions: EvaluatedQuestion[];
  /** Each question's full answer text, for --dump (not recorded). */
  answers: Map<string, string>;
  /** The stored text of each question's evidence pages, for --dump (not recorded). */
  evidenceText: Map<string, Map<number, string>>;
  /** The engines that answered ("built-in engine, no model", "model gpt-x"). */
  engines: string[];
}

export interface RunOptions {
  client: ApiClient;
  dataset: Dataset;
  /** Uploads sent at once (the API parses one PDF per core). */
  concurrency: number;
  /** The server's error lines written between two instants (for a 5xx's cause). */
  serverErrors(since: number, until: number): string[];
  progress(line: string): void;
}

async function upload(options: RunOptions, doc: string, chatKey: string): Promise<UploadResult> {
  const { client, dataset } = options;
  const started = performance.now();
  const since = Date.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const answer = await client.uploadPdfs(chatKey, [{ name: `${doc}.pdf`, bytes: readFileSync(dataset.pdfPath(doc)) }]);
    const stored = answer.files[0];
    const { job_id } = await client.startPdfProcessing(chatKey);
    await waitForJob(client, job_id, { pollMs: 50 });
    return { doc, documentId: stored.document_id, pages: stored.pages, status: null, reason: null, ms: ms() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const causes = error.status >= 500 ? options.serverErrors(since, Date.now()) : [];
    const reason = [error.error, ...causes.slice(0, 1)].join(' — ');
    return { doc, documentId: null, pages: null, status: error.status, reason, ms: ms() };
  }
}

const engineName = (info: ResearchEngineInfo | undefined) =>
  !info ? 'engine not reported' : info.engine === 'model' ? `model ${info.model ?? ''}`.trim() : 'built-in engine, no model';

async function ask(
  client: ApiClient,
  q: DatasetQuestion,
  chatKey: string,
): Promise<{ asked: AskedAnswer; text: string; engine: string | null }> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const outcome = await client.ask({ query: q.question, chat_key: chatKey });
    const { answer } = outcome;
    return {
      asked: {
        text: answer.text,
        declinedMark: Boolean(answer.declined),
        citations: answer.citations.map((c) => ({ document_id: c.document_id, page: c.page })),
        status: null,
        error: outcome.error,
        ms: ms(),
      },
      text: answer.text,
      engine: engineName(answer.engine),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      asked: { text: '', declinedMark: false, citations: [], status: error.status, error: error.error, ms: ms() },
      text: '',
      engine: null,
    };
  }
}

/** Runs `work` over `items`, at most `limit` at once, keeping their order in the results. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}

/** Uploads every document first, then asks every question one at a time (so that times are not shared with an upload). */
export async function runEvaluation(options: RunOptions): Promise<RunOutcome> {
  const { client, dataset, progress } = options;
  const keys = new Map(dataset.documents.map((doc, i) => [doc, `eval-${i + 1}`]));
  const uploads = await pool(dataset.documents, options.concurrency, async (doc) => {
    const result = await upload(options, doc, keys.get(doc)!);
    progress(
      result.status === null
        ? `  uploaded ${doc}: ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s`
        : `  upload of ${doc} refused: ${result.status} ${result.reason}`,
    );
    return result;
  });
  const byDoc = new Map(uploads.map((u) => [u.doc, u]));
  const questions: EvaluatedQuestion[] = [];
  const answers = new Map<string, string>();
  const engines = new Set<string>();
  const evidenceText = new Map<string, Map<number, string>>();
  for (const q of dataset.questions) {
    const stored = byDoc.get(q.doc)!;
    if (stored.documentId === null) {
      questions.push({ ...scoreQuestion(q, null, null), evidence: [] });
      continue;
    }
    const { asked, text, engine } = await ask(client, q, keys.get(q.doc)!);
    answers.set(q.id, text);
    if (engine) engines.add(engine);
    const score = scoreQuestion(q, stored.documentId, asked);
    const { diagnosis, stored: texts } = await diagnose(client, q, stored.documentId);
    evidenceText.set(q.id, texts);
    questions.push({ ...score, evidence: diagnosis });
    progress(`  ${line(score)}`);
  }
  return { uploads, questions, answers, evidenceText, engines: [...engines] };
}

const yesNo = (v: boolean | null) => (v === null ? '-' : v ? 'yes' : 'no');

/** One question's result as the console prints it. */
export function line(s: QuestionScore): string {
  const figure = s.numeric ? ` figure ${yesNo(s.figureRight)} (stated ${s.stated ?? 'none'}, gold ${s.gold.join(' / ')})` : '';
  const status = s.status !== null ? ` HTTP ${s.status}` : s.error ? ` error: ${s.error}` : '';
  return (
    `${s.id} ${s.type} page ${s.pageHit ? 'hit' : 'miss'} (gold ${s.evidencePages.join(',')}; cited ${s.cited.join(',') || 'none'})` +
    `${figure}${s.declined ? ' declined' : ''}${s.wrongWithCitation ? ' WRONG WITH CITATION' : ''}${status}` +
    `${s.ms === null ? '' : ` ${s.ms} ms`}`
  );
}
