import { useId, useState, type FormEvent } from 'react';
import { ROI_DEPARTMENTS, roiFromForm, type RoiResult } from '@credence/shared';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/field.tsx';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat('en-US');

/**
 * The ROI calculator of /pricing (spec 1 sections 4, 5 and 9): department and team size, then the
 * results; Recalculate empties the form and returns to it. The formula is shared's roiEstimate.
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
    return (
      <div className="roi roi--results" aria-live="polite">
        <h3>Your estimated return</h3>
        <dl className="roi__results">
          <div>
            <dt>Yearly savings</dt>
            <dd data-testid="roi-savings">{money.format(result.yearlySavings)}</dd>
          </div>
          <div>
            <dt>Hours saved a year</dt>
            <dd data-testid="roi-hours">{whole.format(result.yearlyHoursSaved)}</dd>
          </div>
        </dl>
        <p className="roi__note">
          Based on a 40% gain in research efficiency across a 1,760-hour working year and your department&apos;s average salary.
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
