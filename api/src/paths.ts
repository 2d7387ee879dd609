import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder. This module is two folders below it both compiled (dist/src/paths.js)
 * and bundled (dist/bundle/<chunk>.js, scripts/bundle.js), so a path the code reads beside itself
 * is taken from here, never from its own module's place.
 */
export const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
