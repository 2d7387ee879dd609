/** The region selector of both ops pages (spec 1 section 9), kept in the address (?region=). */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isOpsRegion, OPS_CONSTANTS, OPS_REGIONS, type OpsRegion } from '@credence/shared';

export function useOpsRegion(): [OpsRegion, (region: OpsRegion) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('region');
  const region = isOpsRegion(raw) ? raw : OPS_CONSTANTS.defaultRegion;
  const set = useCallback(
    (next: OpsRegion) =>
      setParams(
        (old) => {
          const fresh = new URLSearchParams(old);
          fresh.set('region', next);
          return fresh;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [region, set];
}

export function RegionSelect({ region, onChange }: { region: OpsRegion; onChange: (region: OpsRegion) => void }) {
  return (
    <label className="ops__region">
      <span>Region</span>
      <select value={region} onChange={(e) => isOpsRegion(e.target.value) && onChange(e.target.value)}>
        {OPS_REGIONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </label>
  );
}
