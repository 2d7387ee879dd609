export * from './periods.js';
export * from './facts.js';
export * from './kpi-catalogue.js';
export * from './fiscal-calendar.js';
export * from './quarterise.js';
export * from './kpi-values.js';
export * from './kpi-tables.js';
export * from './sec.js';
