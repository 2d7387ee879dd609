/** The "Show" select of a panel's event toolbar (leadership events, confirmation-statement events): one choice of the shared filters. */
export function FilterSelect<T extends string>({
  filters,
  value,
  onChange,
}: {
  filters: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange(value: T): void;
}) {
  return (
    <label className="inline-field">
      <span>Show</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {filters.map((f) => (
          <option key={f.id} value={f.id}>
            {f.label}
          </option>
        ))}
      </select>
    </label>
  );
}
