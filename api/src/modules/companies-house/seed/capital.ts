/**
 * Share capital: the issued capital at incorporation and its changes (SH01 allotments, SH02
 * sub-divisions, SH03 purchases of own shares with their SH06 cancellations, SH08 class names,
 * SH10 variations of rights, SH19 reductions), each statement of capital as Companies House
 * publishes it: description_values.capital [{figure: "1,000", currency: "GBP"}].
 */
import { groupThousands } from '../../../platform/register/documents/accounts-format.js';
import { isoDay, type Day } from './dates.js';
import { lag } from './filings.js';
import type { Rng } from '../../../core/random.js';
import type { CompanyPlan, FilingEvent } from './types.js';

export interface CapitalResult {
  events: FilingEvent[];
  /** Issued share capital (nominal, in the company's currency) at a day. */
  capitalAt(day: Day): number;
  /** Nominal value of one share (for earnings per share). */
  nominal: number;
  updateDays: number[];
}

/** "1,000" / "1,250.50": figures as the register prints them. */
export function capitalFigure(value: number): string {
  const whole = Math.floor(value);
  const pence = Math.round((value - whole) * 100);
  const text = groupThousands(whole);
  return pence ? `${text}.${String(pence).padStart(2, '0')}` : text;
}

function initialCapital(rng: Rng, plan: CompanyPlan): { capital: number; nominal: number } {
  if (plan.form === 'plc') {
    const nominal = rng.pick([0.01, 0.05, 0.1, 0.25, 1]);
    return { capital: Math.round(rng.logNormal(plan.size === 'large' ? 8_000_000 : 250_000, 0.8) / nominal) * nominal + 50_000, nominal };
  }
  const r = rng.next();
  const shares = r < 0.4 ? 100 : r < 0.6 ? 1 : r < 0.7 ? 2 : r < 0.85 ? 1000 : r < 0.9 ? 10_000 : rng.between(3, 500);
  const nominal = rng.chance(0.85) ? 1 : rng.pick([0.01, 0.1]);
  return { capital: shares * nominal, nominal };
}

export function capitalFor(plan: CompanyPlan, rng: Rng): CapitalResult {
  if (!plan.hasShareCapital) return { events: [], capitalAt: () => 0, nominal: 1, updateDays: [] };
  const { capital: initial, nominal } = initialCapital(rng, plan);
  const currency = plan.currency;
  const changes: { on: Day; capital: number }[] = [];
  const events: FilingEvent[] = [];
  const updateDays: number[] = [];
  const stop = plan.dissolved ?? plan.statusSince ?? plan.ref;
  const from = Math.max(plan.windowStart, plan.incorporated + 30);
  let capital = initial;
  const span = stop - from;
  if (span > 60) {
    const count = plan.suggested
      ? 6
      : rng.chance(plan.early ? 0.85 : plan.size === 'micro' ? 0.7 : plan.size === 'small' ? 0.8 : 0.85)
        ? rng.between(1, plan.size === 'micro' ? 2 : 4)
        : 0;
    const days: Day[] = [];
    for (let k = 0; k < count; k++) days.push(from + rng.int(span));
    if (plan.suggested) days.push(plan.ref - rng.between(30, 250));
    days.sort((a, b) => a - b);
    // Suggested companies show every kind: allotments, a buy-back and cancellation, a
    // sub-division, a class renamed, varied rights and a reduction.
    const kinds = plan.suggested ? ['SH01', 'SH02', 'SH03', 'SH08', 'SH10', 'SH19', 'SH01'] : [];
    days.forEach((on, k) => {
      const kind = kinds[k] ?? pickKind(rng);
      const filed = lag(rng, on, plan.ref, 0.1);
      if (filed > plan.ref) return;
      switch (kind) {
        case 'SH01': {
          const added = Math.max(nominal, Math.round((capital * rng.uniform(0.02, 0.6)) / nominal) * nominal);
          capital += added;
          const lines = [{ figure: capitalFigure(capital), currency }];
          if (plan.size === 'large' && rng.chance(0.2))
            lines.push({ figure: capitalFigure(Math.round(capital * 0.05)), currency: currency === 'USD' ? 'GBP' : 'USD' });
          events.push({
            on,
            filed,
            category: 'capital',
            subcategory: 'allotments',
            type: 'SH01',
            description: 'capital-allotment-shares',
            description_values: { capital: lines, date: isoDay(on) },
            pages: rng.between(3, 6),
          });
          break;
        }
        case 'SH02':
          events.push({
            on,
            filed,
            category: 'capital',
            type: 'SH02',
            description: 'capital-alter-shares-subdivision-statement-of-capital',
            description_values: { capital: [{ figure: capitalFigure(capital), currency }], date: isoDay(on) },
            pages: 4,
          });
          break;
        case 'SH03': {
          const bought = Math.max(nominal, Math.round((capital * rng.uniform(0.02, 0.2)) / nominal) * nominal);
          capital = Math.max(nominal, capital - bought);
          events.push({
            on,
            filed,
            category: 'capital',
            type: 'SH03',
            description: 'capital-return-purchase-own-shares',
            description_values: {},
            pages: 3,
          });
          const cancelled = Math.min(on + rng.between(1, 10), plan.ref);
          events.push({
            on: cancelled,
            filed: lag(rng, cancelled, plan.ref),
            category: 'capital',
            type: 'SH06',
            description: 'capital-cancellation-shares',
            description_values: { capital: [{ figure: capitalFigure(capital), currency }], date: isoDay(cancelled) },
            pages: 4,
          });
          break;
        }
        case 'SH08':
          events.push({
            on,
            filed,
            category: 'capital',
            type: 'SH08',
            description: 'capital-name-of-class-of-shares-with-date',
            description_values: { date: isoDay(on) },
            pages: 2,
          });
          break;
        case 'SH10':
          events.push({
            on,
            filed,
            category: 'capital',
            type: 'SH10',
            description: 'capital-variation-of-rights-attached-to-shares',
            description_values: {},
            pages: 2,
          });
          break;
        case 'SH19': {
          capital = Math.max(nominal, Math.round((capital * rng.uniform(0.5, 0.95)) / nominal) * nominal);
          events.push({
            on,
            filed,
            category: 'capital',
            type: 'SH19',
            description: 'capital-statement-capital-company-with-date-currency-figure',
            description_values: { capital: [{ figure: capitalFigure(capital), currency }], date: isoDay(on) },
            pages: 4,
          });
          break;
        }
      }
      changes.push({ on, capital });
      updateDays.push(on);
    });
  }
  return {
    events,
    nominal,
    updateDays,
    capitalAt: (day) => {
      let value = initial;
      for (const change of changes) if (change.on <= day) value = change.capital;
      return value;
    },
  };
}

function pickKind(rng: Rng): string {
  const r = rng.next();
  return r < 0.68 ? 'SH01' : r < 0.76 ? 'SH02' : r < 0.84 ? 'SH03' : r < 0.9 ? 'SH08' : r < 0.95 ? 'SH10' : 'SH19';
}
