export * from './contracts/accounts.js';
export * from './rules/accounts.js';
export * from './rules/sales-forms.js';
