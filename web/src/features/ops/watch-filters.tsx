/**
 * The live tail's include and exclude filters (issue 28 §2): literal text (any case) or /regex/
 * (RE2, checked by the server, which names what it refuses). Applied by the server to the last
 * lines and to every new one; Apply reads again with them (and follows again if it was following).
 */
import { useEffect, useState } from 'react';
import { OPS_CONSTANTS, type WatchFilters as Filters } from '@credence/shared';
import { Button } from '../../ui/button.tsx';

export function WatchFilters({ filters, onApply }: { filters: Filters; onApply(filters: Filters): void }) {
  const [include, setInclude] = useState(filters.include);
  const [exclude, setExclude] = useState(filters.exclude);
  useEffect(() => {
    setInclude(filters.include);
    setExclude(filters.exclude);
  }, [filters]);
  return (
    <form
      className="log-viewer__form log-viewer__filters"
      aria-label="Line filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ include: include.trim(), exclude: exclude.trim() });
      }}
    >
      <label>
        <span>Only lines with</span>
        <input
          type="text"
          value={include}
          placeholder="text or /regex/"
          maxLength={OPS_CONSTANTS.maxPatternLength}
          onChange={(e) => setInclude(e.target.value)}
        />
      </label>
      <label>
        <span>No lines with</span>
        <input
          type="text"
          value={exclude}
          placeholder="text or /regex/"
          maxLength={OPS_CONSTANTS.maxPatternLength}
          onChange={(e) => setExclude(e.target.value)}
        />
      </label>
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
    </form>
  );
}
