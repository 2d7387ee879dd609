/** Reading a tool's arguments (from the engine, or a model's function call) safely: the parts every feature's tools share. */

export class ToolArgumentError extends Error {}

export function yearsArg(args: Record<string, unknown>): number[] {
  const raw = args.years;
  if (!Array.isArray(raw)) return [];
  return raw.map(Number).filter((y) => Number.isInteger(y) && y >= 1900 && y <= 2200);
}

export function integerArg(args: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = Number(args[name]);
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

export function stringArg(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export const YEARS_SCHEMA = {
  type: 'array',
  items: { type: 'integer' },
  description: 'Fiscal years (the year the period ends in); empty or absent for every year on file.',
} as const;
