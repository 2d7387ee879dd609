export * from './definitions.js';
export * from './compute.js';
export * from './present.js';
export * from './statement.js';
