/**
 * The chat-history chips under the /us/restructuring query bar (spec 3): the queries already run
 * in this chat (the view model's `runs`: most recent first, one chip per query for its latest run). Long queries are cut with the full
 * text as the title; a chip is a button that shows its run's table, observations and plan, and
 * Export then writes that run's table (by its id).
 */
import { chatTitle, type SavedRestructuringRun } from '@credence/shared';

/** Chip labels are cut here, plus an ellipsis. */
const CHIP_TITLE_MAX = 40;

interface Props {
  runs: readonly SavedRestructuringRun[];
  current: SavedRestructuringRun;
  disabled: boolean;
  onPick(run: SavedRestructuringRun): void;
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
