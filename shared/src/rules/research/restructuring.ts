/**
 * The restructuring workspace's rules (spec 3 sections 3, 4, 5 and 9), once for the API, the web
 * app and the terminal: the plan's last step lists the chosen columns in square brackets, Add
 * Column refuses empty and duplicate names (trimmed), the export's file name, the upload's
 * progress held at 90% until the server answers.
 */
import {
  DEFAULT_RESTRUCTURING_COLUMNS,
  RESTRUCTURING_CONSTANTS,
  RESTRUCTURING_TEXTS,
  type RestructuringCell,
  type RestructuringObservation,
  type RestructuringTable,
} from '../../contracts/restructuring.js';
import type { ChatDetail } from '../../contracts/research.js';

export type ColumnCheck = { ok: true; name: string } | { ok: false; error: string };

/** Add Column (spec 3 section 5): the name trimmed; empty or already there (any case) refused. */
export function checkColumnName(raw: string, existing: readonly string[]): ColumnCheck {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (!name) return { ok: false, error: RESTRUCTURING_TEXTS.columnEmpty };
  if (existing.some((c) => c.trim().toLowerCase() === name.toLowerCase())) return { ok: false, error: RESTRUCTURING_TEXTS.columnExists };
  if (/[,[\]]/.test(name)) return { ok: false, error: RESTRUCTURING_TEXTS.columnCharacters };
  if (name.length > RESTRUCTURING_CONSTANTS.columnMaxLength)
    return { ok: false, error: RESTRUCTURING_TEXTS.columnTooLong(RESTRUCTURING_CONSTANTS.columnMaxLength) };
  if (existing.length >= RESTRUCTURING_CONSTANTS.maxColumns)
    return { ok: false, error: RESTRUCTURING_TEXTS.tooManyColumns(RESTRUCTURING_CONSTANTS.maxColumns) };
  return { ok: true, name };
}

/** A list of column names ("a, b" from the terminal's --columns), each checked in turn: the columns or the first error. */
export function checkColumnList(names: readonly string[]): { ok: true; columns: string[] } | { ok: false; error: string } {
  const columns: string[] = [];
  for (const raw of names) {
    const check = checkColumnName(raw, columns);
    if (!check.ok) return { ok: false, error: `${check.error} (${JSON.stringify(raw.trim())})` };
    columns.push(check.name);
  }
  return columns.length ? { ok: true, columns } : { ok: false, error: RESTRUCTURING_TEXTS.columnEmpty };
}

/** The plan step that lists the chosen columns. */
export function columnsStep(columns: readonly string[]): string {
  return `Build the table with one row per instrument and the columns [${columns.join(', ')}]`;
}

/** The columns the plan's last step lists in square brackets, or null when it lists none. */
export function planColumns(plan: readonly string[]): string[] | null {
  const last = plan.at(-1);
  const match = last ? /\[([^[\]]*)\]\s*\.?\s*$/.exec(last) : null;
  if (!match) return null;
  const columns = match[1]!
    .split(',')
    .map((c) => c.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return columns.length ? columns : null;
}

/** The columns a plan asks for: its last step's, else the defaults. */
export function chosenColumns(plan: readonly string[]): string[] {
  return planColumns(plan) ?? [...DEFAULT_RESTRUCTURING_COLUMNS];
}

/** Column edit (spec 3 section 4): the plan with a step appended that lists the selected columns. */
export function planWithColumns(plan: readonly string[], columns: readonly string[]): string[] {
  return [...plan, columnsStep(columns)];
}

/** Excel export (spec 3 sections 5 and 9): named from the table title, else research_data. */
export function exportFileName(title: string | null | undefined): string {
  const base = (title ?? '')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, 80);
  return `${base || 'research_data'}.xlsx`;
}

/** Export needs columns (spec 3 section 5). */
export function canExport(table: RestructuringTable | null | undefined): boolean {
  return Boolean(table && table.columns.length);
}

/** A cell as text (plain or an object), for the table and the export. */
export function cellText(cell: RestructuringCell | string | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' ? cell : cell.text;
}

/** "credit-agreement.pdf p. 12", or '' when the cell cites no page. */
export function cellSource(cell: RestructuringCell | string | null | undefined): string {
  if (!cell || typeof cell === 'string' || !cell.pdf_file_name || !cell.pageNumber) return '';
  return `${cell.pdf_file_name} p. ${cell.pageNumber}`;
}

/**
 * An upload's progress after `ticks` seconds (spec 3 section 4): rises by a tenth each tick but
 * is held at 90% until the server has answered, then 100.
 */
export function uploadProgress(ticks: number, done: boolean): number {
  if (done) return 100;
  return Math.min(RESTRUCTURING_CONSTANTS.uploadProgressCap, Math.max(0, ticks) * 10);
}

/** Spec 3 section 5: only PDF files are accepted ("Please select only PDF files."). */
export function allPdf(files: readonly { name: string; type?: string }[]): boolean {
  return files.length > 0 && files.every((f) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name));
}

export interface RestructuringRowView {
  /** The first column's text (the instrument). */
  title: string;
  cells: { column: string; text: string; source: string; found: boolean }[];
}

/** The table as the terminal and any list view read it: a block per row, each cell with its source. */
export function restructuringRows(table: RestructuringTable): RestructuringRowView[] {
  return table.rows.map((row) => ({
    title: cellText(row[table.columns[0] ?? ''] as RestructuringCell | undefined) || RESTRUCTURING_TEXTS.defaultTableTitle,
    cells: table.columns.slice(1).map((column) => {
      const cell = row[column] as RestructuringCell | string | undefined;
      const source = cellSource(cell);
      return { column, text: cellText(cell) || RESTRUCTURING_TEXTS.notFound, source, found: Boolean(source) };
    }),
  }));
}

/** One run of a query, as the workspace (web) and `credence chats show` (terminal) show it. */
export interface SavedRestructuringRun {
  /** The saved run's id (the export's run_id); absent for a run just made, which is the latest. */
  runId?: string;
  query: string;
  plan: string[];
  observations: RestructuringObservation[];
  table: RestructuringTable | null;
}

function isRestructuringTable(value: unknown): value is RestructuringTable {
  return Boolean(value && typeof value === 'object' && Array.isArray((value as RestructuringTable).columns));
}

/**
 * A saved chat detail read as a restructuring run: such a run stores its table object as
 * `table_data` and its observations as a list, where a research answer keeps a list of tables.
 */
export function restructuringRunOf(detail: ChatDetail): SavedRestructuringRun {
  const table: unknown = detail.table_data;
  return {
    runId: detail.id,
    query: detail.query_str,
    plan: Array.isArray(detail.thought_process) ? detail.thought_process : [],
    observations: Array.isArray(detail.observations) ? (detail.observations as RestructuringObservation[]) : [],
    table: isRestructuringTable(table) ? table : null,
  };
}
