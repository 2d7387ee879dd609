export * from './store.js';
export * from './scheduler.js';
export * from './latest-request.js';
