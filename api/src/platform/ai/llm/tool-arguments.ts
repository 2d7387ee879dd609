/**
 * Checks a model's tool arguments against the tool's JSON schema (the subset tools use: object,
 * properties, required, additionalProperties, type, enum, items, minimum, maximum). The errors go
 * back to the model as the tool's result, so it can correct the call.
 */
import type { JsonSchema } from '../engine/types.js';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeFits(expected: unknown, actual: string): boolean {
  const types = Array.isArray(expected) ? (expected as string[]) : [expected as string];
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

function check(schema: JsonSchema, value: unknown, path: string, errors: string[]): void {
  const actual = typeOf(value);
  if (schema.type !== undefined && !typeFits(schema.type, actual)) {
    errors.push(
      `${path} must be ${Array.isArray(schema.type) ? (schema.type as string[]).join(' or ') : String(schema.type)} (got ${actual})`,
    );
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value)) {
    errors.push(`${path} must be one of ${schema.enum.map((o) => JSON.stringify(o)).join(', ')}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${path} must be at least ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${path} must be at most ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    value.forEach((item, i) => check(schema.items as JsonSchema, item, `${path}[${i}]`, errors));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const name of (schema.required ?? []) as string[]) {
      if (object[name] === undefined) errors.push(`${path}.${name} is required`);
    }
    for (const [name, item] of Object.entries(object)) {
      if (properties[name]) check(properties[name], item, `${path}.${name}`, errors);
      else if (schema.additionalProperties === false) errors.push(`${path}.${name} is not a parameter of this tool`);
    }
  }
}

/** The problems with `args` for this schema, in words (empty when they fit). */
export function argumentErrors(schema: JsonSchema, args: Record<string, unknown>): string[] {
  const errors: string[] = [];
  check({ type: 'object', ...schema }, args, 'arguments', errors);
  return errors;
}
