// The conformance CLI imports fs.globSync (Node 22+) at load; on Node 20 this stands in for it
// (only its tier-check command calls it). Loaded by run.js through node:module register().
import fs from 'node:fs';
export * from 'node:fs';
export default fs;
export function globSync() {
  throw new Error('globSync needs Node 22');
}
