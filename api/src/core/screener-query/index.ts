export * from './sql-filters.js';
export * from './keyset.js';
export * from './count.js';
export * from './parse-query.js';
export * from './run-page.js';
