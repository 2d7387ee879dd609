import { useId, useState, type FormEvent } from 'react';
import { formatRoi, ROI_DEPARTMENTS, ROI_MAX_TEAM_SIZE, roiAssumptions, roiFromForm, type RoiResult } from '@credence/shared';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/field.tsx';

/**
 * The ROI calculator of /pricing (spec 1 sections 4, 5 and 9): department and team size, then the
 * results with the assumptions behind them; Recalculate empties the form and returns to it. The
 * formula, its bounds and its wording are shared's (rules/public-site/roi.ts).
 */
export function RoiCalculator() {
  const id = useId();
  const [department, setDepartment] = useState('');
  const [teamSize, setTeamSize] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RoiResult | null>(null);

  function calculate(event: FormEvent) {
    event.preventDefault();
    const answer = roiFromForm(department, teamSize);
    if ('error' in answer) {
      setError(answer.error);
      return;
    }
    setError(null);
    setResult(answer.result);
  }

  function recalculate() {
    setDepartment('');
    setTeamSize('');
    setError(null);
    setResult(null);
  }

  if (result) {
    const shown = formatRoi(result);
    return (
      <div className="roi roi--results" aria-live="polite">
        <h3>Your estimated return</h3>
        <dl className="roi__results">
          <div>
            <dt>Yearly savings</dt>
            <dd data-testid="roi-savings">{shown.yearlySavings}</dd>
          </div>
          <div>
            <dt>Hours saved a year</dt>
            <dd data-testid="roi-hours">{shown.yearlyHoursSaved}</dd>
          </div>
        </dl>
        <h4 className="roi__assumptions-title" id={`${id}-assumptions`}>
          Assumptions
        </h4>
        <dl className="roi__assumptions" aria-labelledby={`${id}-assumptions`} data-testid="roi-assumptions">
          {roiAssumptions(department).map((assumption) => (
            <div key={assumption.label}>
              <dt>{assumption.label}</dt>
              <dd>{assumption.value}</dd>
            </div>
          ))}
        </dl>
        <p className="roi__note">
          Savings: team size × salary × time saved, plus the fixed saving. Hours: team size × working year × time saved.
        </p>
        <Button variant="secondary" onClick={recalculate}>
          Recalculate
        </Button>
      </div>
    );
  }

  return (
    <form className="roi form" noValidate onSubmit={calculate}>
      <h3>ROI calculator</h3>
      <FormError>{error}</FormError>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-department`}>
          Department
        </label>
        <select
          id={`${id}-department`}
          className="field__input"
          value={department}
          required
          onChange={(event) => {
            setDepartment(event.target.value);
            setError(null);
          }}
        >
          <option value="">Choose a department</option>
          {ROI_DEPARTMENTS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-team`}>
          Team size
        </label>
        <input
          id={`${id}-team`}
          className="field__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={ROI_MAX_TEAM_SIZE}
          step={1}
          required
          value={teamSize}
          onChange={(event) => {
            setTeamSize(event.target.value);
            setError(null);
          }}
        />
      </div>
      <Button type="submit" block>
        Calculate ROI
      </Button>
    </form>
  );
}
