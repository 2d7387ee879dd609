export * from './use-view-model.js';
