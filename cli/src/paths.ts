/**
 * The cli package's folder. This module is dist/src/paths.js, or part of a chunk of the bundle in
 * dist/bundle/ (scripts/bundle.js): both two folders below the package, so one relative URL
 * serves both ways of running.
 */
export const PACKAGE_ROOT = new URL('../../', import.meta.url);
