export * from './dates.js';
export * from './format.js';
export * from './year-over-year.js';
export * from './officers.js';
export * from './turnover-signal.js';
export * from './charges.js';
export * from './capital.js';
