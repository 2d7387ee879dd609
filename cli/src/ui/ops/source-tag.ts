/** A merged tail's source before each of its lines, in the source's colour (the same every time, as stern): `logs tail` and the ops screen. */
import { SOURCE_COLOURS, sourceColour } from '@credence/shared';

const SGR: Record<(typeof SOURCE_COLOURS)[number], number> = { cyan: 36, green: 32, yellow: 33, magenta: 35, blue: 34, red: 31 };

/** "[label]" in colour `colour` (an index into SOURCE_COLOURS; default: the label's own). */
export function sourceTag(label: string, color: boolean, colour = sourceColour(label)): string {
  const name = `[${label}]`;
  return color ? `\u001b[${SGR[SOURCE_COLOURS[colour]]}m${name}\u001b[39m` : name;
}
