export { convertQueryToFilters, MAX_NATURAL_QUERY_LENGTH, type NaturalQueryOptions, type NaturalQueryResult } from './parse.js';
export { tokenize as tokenizeNaturalQuery, type Token as NaturalQueryToken } from './tokens.js';
