/** The presentation rules of the UK area: what the web and the terminal both show, decided once. */
export * from './status.js';
export * from './profile.js';
export * from './key-figures.js';
export * from './texts.js';
export * from './screener-cells.js';
export * from './databases.js';
export * from './charges.js';
export * from './compliance.js';
export * from './distress-signals.js';
export * from './identity-verification.js';
