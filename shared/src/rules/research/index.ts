export * from './citations.js';
export * from './highlight.js';
export * from './sources.js';
export * from './plan.js';
export * from './chats.js';
export * from './sections.js';
export * from './documents.js';
export * from './restructuring.js';
