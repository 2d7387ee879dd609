export * from './chat-view-model.js';
export * from './chat-selectors.js';
export * from './typing-pacer.js';
