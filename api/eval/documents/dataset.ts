/**
 * A documents evaluation set as FinanceBench lays it out: `questions.jsonl` (one question a line,
 * with its gold answer and 0-based evidence pages) beside `pdfs/<doc_name>.pdf`. A line that is
 * not a question of that shape stops the run with its line number and the field at fault.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface DatasetQuestion {
  id: string;
  company: string;
  /** The PDF is `pdfs/<doc>.pdf`. */
  doc: string;
  type: string;
  question: string;
  answer: string;
  /** The pages that hold the evidence, numbered as the API numbers them (the PDF's first page is 1). */
  evidencePages: number[];
  /** The evidence pages' text as the dataset's authors extracted it, by API page number. */
  evidenceText: Record<number, string>;
}

export interface Dataset {
  name: string;
  dir: string;
  questions: DatasetQuestion[];
  /** Each document the questions ask about, once, in the order first asked. */
  documents: string[];
  pdfPath(doc: string): string;
}

export class DatasetError extends Error {}

function text(record: Record<string, unknown>, field: string, line: number): string {
  const value = record[field];
  if (typeof value !== 'string' || !value.trim())
    throw new DatasetError(`questions.jsonl line ${line}: "${field}" must be a non-empty string`);
  return value;
}

/** The dataset's 0-based `evidence_page_num` is the API's page number minus one. */
export const apiPage = (zeroBased: number): number => zeroBased + 1;

function evidenceOf(record: Record<string, unknown>, line: number): { pages: number[]; text: Record<number, string> } {
  const evidence = record.evidence;
  if (!Array.isArray(evidence) || !evidence.length)
    throw new DatasetError(`questions.jsonl line ${line}: "evidence" must be a non-empty list`);
  const pages: number[] = [];
  const byPage: Record<number, string> = {};
  for (const item of evidence) {
    const n = (item as Record<string, unknown>)?.evidence_page_num;
    if (!Number.isInteger(n) || (n as number) < 0)
      throw new DatasetError(`questions.jsonl line ${line}: every evidence needs "evidence_page_num", a 0-based page number`);
    const page = apiPage(n as number);
    if (!pages.includes(page)) pages.push(page);
    const full = (item as Record<string, unknown>).evidence_text_full_page;
    if (typeof full === 'string') byPage[page] = full;
  }
  return { pages, text: byPage };
}

export function parseQuestions(jsonl: string): DatasetQuestion[] {
  const out: DatasetQuestion[] = [];
  jsonl.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(raw);
    } catch {
      throw new DatasetError(`questions.jsonl line ${line}: not JSON`);
    }
    const evidence = evidenceOf(record, line);
    out.push({
      id: text(record, 'financebench_id', line),
      company: typeof record.company === 'string' ? record.company : '',
      doc: text(record, 'doc_name', line),
      type: text(record, 'question_type', line),
      question: text(record, 'question', line),
      answer: text(record, 'answer', line),
      evidencePages: evidence.pages,
      evidenceText: evidence.text,
    });
  });
  if (!out.length) throw new DatasetError('questions.jsonl has no questions');
  return out;
}

export function readDataset(dir: string): Dataset {
  const file = join(dir, 'questions.jsonl');
  if (!existsSync(file)) throw new DatasetError(`No questions.jsonl in ${dir}: pass the dataset folder (npm run eval:documents -- <dir>)`);
  const questions = parseQuestions(readFileSync(file, 'utf8'));
  const documents = [...new Set(questions.map((q) => q.doc))];
  const pdfPath = (doc: string) => join(dir, 'pdfs', `${doc}.pdf`);
  const missing = documents.filter((doc) => !existsSync(pdfPath(doc)));
  if (missing.length) throw new DatasetError(`Missing PDFs in ${join(dir, 'pdfs')}: ${missing.map((d) => `${d}.pdf`).join(', ')}`);
  return { name: basename(dir.replace(/\/+$/, '')), dir, questions, documents, pdfPath };
}
