export * from './roi.js';
export * from './site.js';
export * from './sales-failures.js';
