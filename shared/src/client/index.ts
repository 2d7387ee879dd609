export * from './errors.js';
export * from './api-client.js';
export * from './research-stream.js';
export * from './research-client.js';
export * from './us-equity-client.js';
export * from './documents-client.js';
export * from './ops-client.js';
export * from './restructuring-client.js';
