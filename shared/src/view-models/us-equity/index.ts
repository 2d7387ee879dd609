export * from './us-company-search-view-model.js';
export * from './strategic-indicators-view-model.js';
export * from './kpi-source-view-model.js';
export * from './data-insights-view-model.js';
export * from './strategic-indicators-prefetch.js';
