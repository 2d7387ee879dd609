/**
 * The chat-history chips under the /us/restructuring query bar (spec 3): the queries already run
 * in this chat, read from its saved details (one per run), most recent first. A query run again
 * (Add Column, Edit Columns) keeps one chip for its latest run. Long queries are cut with the full
 * text as the title; a chip is a button that shows its run's table, observations and plan, and
 * Export then writes that run's table (by its id).
 */
import { chatTitle, restructuringRunOf, type ChatDetail, type SavedRestructuringRun } from '@credence/shared';

/** What the workspace shows: one run of a query. */
export type Shown = SavedRestructuringRun;

export const EMPTY: Shown = { query: '', plan: [], observations: [], table: null };

/** Chip labels are cut here, plus an ellipsis. */
const CHIP_TITLE_MAX = 40;

/** The chat's runs, most recent first, one per query (its latest run). */
export function chipRuns(details: ChatDetail[]): Shown[] {
  const seen = new Set<string>();
  const runs: Shown[] = [];
  for (const detail of [...details].reverse()) {
    const key = detail.query_str.replace(/\s+/g, ' ').trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    runs.push(restructuringRunOf(detail));
  }
  return runs;
}

interface Props {
  runs: Shown[];
  current: Shown;
  disabled: boolean;
  onPick(run: Shown): void;
}

export function RunChips({ runs, current, disabled, onPick }: Props) {
  if (!runs.length) return null;
  return (
    <ul className="restructuring__chips" aria-label="Queries in this chat">
      {runs.map((run, i) => (
        <li key={`${i}-${run.query}`}>
          <button
            type="button"
            className="restructuring__chip"
            title={run.query}
            aria-current={run.query === current.query ? 'true' : undefined}
            disabled={disabled}
            onClick={() => onPick(run)}
          >
            {chatTitle(run.query, CHIP_TITLE_MAX)}
          </button>
        </li>
      ))}
    </ul>
  );
}
