/**
 * The director turnover signal of spec 2 section 9 ("Leadership rules"), from the director
 * appointments and terminations of the 12-month window and the number of current directors.
 */

export type TurnoverLevel = 'high' | 'medium' | 'low' | 'n/a';

/** Every threshold of the rules; the help text quotes the ratios. */
export const TURNOVER_THRESHOLDS = {
  /** Low when movements are at most this. */
  lowMaxMovements: 1,
  /** Low when the movement ratio is under this with fewer than lowUnderMovements movements. */
  lowMovementRatio: 0.25,
  lowUnderMovements: 3,
  high: { movementRatio: 0.75, netChangeRatio: -0.33, terminationRatio: 2.5, minMovements: 4, minTerminations: 2 },
  medium: { movementRatio: 0.4, netChangeRatio: -0.2, terminationRatio: 1.75, minMovements: 3, minTerminations: 1 },
  /** Termination ratio used when there are terminations but no appointments. */
  noAppointmentsTerminationRatio: 9.99,
} as const;

export const TURNOVER_HELP_TEXT =
  `High: movement ratio >= ${TURNOVER_THRESHOLDS.high.movementRatio}, net change < ${TURNOVER_THRESHOLDS.high.netChangeRatio} ` +
  `or termination ratio > ${TURNOVER_THRESHOLDS.high.terminationRatio}. ` +
  `Medium: movement ratio >= ${TURNOVER_THRESHOLDS.medium.movementRatio}, net change < ${TURNOVER_THRESHOLDS.medium.netChangeRatio} ` +
  `or termination ratio > ${TURNOVER_THRESHOLDS.medium.terminationRatio}.`;

export interface TurnoverInput {
  /** Director appointments (AP01) in the window. */
  appointments: number;
  /** Director terminations (TM01) in the window. */
  terminations: number;
  /** Directors in office now (role director, no resigned_on). */
  currentDirectors: number;
}

/** The counts and ratios the level is decided from. */
export interface TurnoverMetrics {
  appointments: number;
  terminations: number;
  /** appointments + terminations. */
  movements: number;
  /** (appointments + terminations) / current directors; null without current directors. */
  movementRatio: number | null;
  /** (appointments - terminations) / current directors; null without current directors. */
  netChangeRatio: number | null;
  /** terminations / appointments; 9.99 when terminations but no appointments; 0 when neither. */
  terminationRatio: number;
}

export interface TurnoverSignal extends TurnoverMetrics {
  level: TurnoverLevel;
  /** Why the level was chosen, in words. */
  reason: string;
}

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Counts and ratios of section 9 from the raw counts (negative or fractional counts are floored at 0). */
export function turnoverMetrics(input: TurnoverInput): TurnoverMetrics {
  const appointments = count(input.appointments);
  const terminations = count(input.terminations);
  const directors = count(input.currentDirectors);
  const movements = appointments + terminations;
  const terminationRatio =
    appointments > 0 ? terminations / appointments : terminations > 0 ? TURNOVER_THRESHOLDS.noAppointmentsTerminationRatio : 0;
  return {
    appointments,
    terminations,
    movements,
    terminationRatio,
    movementRatio: directors > 0 ? movements / directors : null,
    netChangeRatio: directors > 0 ? (appointments - terminations) / directors : null,
  };
}

/**
 * The level of section 9 from the metrics; a null movement ratio means there are no current
 * directors. Rules are tried in the spec's order, the first that matches wins.
 */
export function turnoverLevel(metrics: TurnoverMetrics): { level: TurnoverLevel; reason: string } {
  const { appointments, terminations, movements, movementRatio, netChangeRatio, terminationRatio } = metrics;
  const verdict = (level: TurnoverLevel, reason: string) => ({ level, reason });

  if (movementRatio === null || netChangeRatio === null) {
    if (movements === 0) return verdict('n/a', 'No current directors and no director activity');
    if (terminations === 0) return verdict('low', 'No current directors; only appointments');
    if (terminations >= appointments) return verdict('high', 'No current directors; terminations at least match appointments');
    return verdict('medium', 'No current directors; appointments exceed terminations');
  }

  const { high, medium } = TURNOVER_THRESHOLDS;
  if (movements <= TURNOVER_THRESHOLDS.lowMaxMovements) return verdict('low', 'At most one director movement');
  if (movementRatio < TURNOVER_THRESHOLDS.lowMovementRatio && movements < TURNOVER_THRESHOLDS.lowUnderMovements) {
    return verdict('low', 'Few movements relative to the board');
  }
  if (terminations === 0) return verdict('low', 'Only appointments, no terminations');

  if (movementRatio >= high.movementRatio && movements >= high.minMovements) return verdict('high', 'Most of the board changed');
  if (netChangeRatio < high.netChangeRatio && terminations >= high.minTerminations) return verdict('high', 'The board shrank sharply');
  if (terminationRatio > high.terminationRatio && movements >= high.minMovements)
    return verdict('high', 'Terminations far outnumber appointments');

  if (movementRatio >= medium.movementRatio && movements >= medium.minMovements)
    return verdict('medium', 'A large part of the board changed');
  if (netChangeRatio < medium.netChangeRatio && terminations >= medium.minTerminations) return verdict('medium', 'The board shrank');
  if (terminationRatio > medium.terminationRatio && movements >= medium.minMovements)
    return verdict('medium', 'Terminations outnumber appointments');

  return verdict('low', 'Director movements within normal range');
}

/** Director turnover signal of section 9 for the 12-month window. */
export function turnoverSignal(input: TurnoverInput): TurnoverSignal {
  const metrics = turnoverMetrics(input);
  return { ...metrics, ...turnoverLevel(metrics) };
}
