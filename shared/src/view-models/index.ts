export * from './store.js';
export * from './scheduler.js';
export * from './latest-request.js';
export * from './errors.js';
export * from './selection.js';
export * from './search/search-view-model.js';
