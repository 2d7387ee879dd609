export * from './file-name.js';
export * from './markdown-text.js';
export * from './terminal-text.js';
