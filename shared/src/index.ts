export * from './contracts/accounts.js';
export * from './contracts/uk-sample.js';
export * from './rules/accounts.js';
export * from './rules/sales-forms.js';
export * from './rules/lenders.js';
export * from './contracts/uk-companies.js';
export * from './rules/filing-descriptions.js';
export * from './rules/uk/index.js';
