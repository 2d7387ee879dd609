export * from './errors.js';
export * from './api-client.js';
