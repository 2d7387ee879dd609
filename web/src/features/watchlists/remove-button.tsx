/** The Remove button of a watchlist's rows (companies, lenders, people): its accessible name begins with its text. */
export function RemoveButton({ label, busy, onRemove }: { label: string; busy: boolean; onRemove(): void }) {
  return (
    <button type="button" className="button button--ghost" disabled={busy} aria-label={label} onClick={onRemove}>
      Remove
    </button>
  );
}
