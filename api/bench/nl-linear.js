// npm run bench:nl-linear (in api/, after `npm run build` at the root; also part of `npm run bench`):
// the natural-language query tokenizer's time per character on queries built to be slow
// (@credence/shared/query-families: adversarial whitespace, signs, currency symbols, quotes,
// repeated parts, generated mixes) at doubling lengths up to 1,920 characters, beside a baseline
// measured in the same run on the same text: one linear pass (lower-casing and splitting on
// whitespace). Times are the best of 7 runs. Also the whole parser (convertQueryToFilters, which
// reads the first 500 characters) at 500. Budgets (once the timed spec's, now measured here):
// at most 25 µs per character, and a query twice as long at most about twice as slow (a
// doubling ratio <= 3.5; a quadratic tokenizer gives 4, the old amount pattern gave 8).
import { convertQueryToFilters, tokenizeNaturalQuery } from '@credence/shared';
import { QUERY_FAMILIES, QUERY_LENGTHS } from '@credence/shared/query-families';

/** Below this a time is mostly fixed cost and timer noise: ratios are taken against at least this. */
const FLOOR_MS = 0.1;

function best(run, repeats = 7) {
  let min = Infinity;
  for (let i = 0; i < repeats; i++) {
    const start = process.hrtime.bigint();
    run();
    min = Math.min(min, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return min;
}

const baseline = (text) => text.toLowerCase().split(/\s+/).length;
let worstRatio = 0;
let worstPerChar = 0;
console.log('family'.padEnd(40) + 'µs/char @1920  baseline   max doubling ratio  parser @500');
for (const [name, make] of Object.entries(QUERY_FAMILIES)) {
  const queries = QUERY_LENGTHS.map(make);
  tokenizeNaturalQuery(queries.at(-1));
  const times = queries.map((q) => best(() => tokenizeNaturalQuery(q)));
  const base = best(() => baseline(queries.at(-1)));
  const ratios = times.slice(1).map((t, i) => t / Math.max(times[i], FLOOR_MS));
  const perChar = (times.at(-1) * 1000) / queries.at(-1).length;
  const parser = best(() => convertQueryToFilters(make(500)));
  worstRatio = Math.max(worstRatio, ...ratios);
  worstPerChar = Math.max(worstPerChar, perChar);
  console.log(
    name.padEnd(40) +
      `${perChar.toFixed(2).padStart(8)}       ${((base * 1000) / queries.at(-1).length).toFixed(3).padStart(6)}   ${Math.max(...ratios)
        .toFixed(2)
        .padStart(10)}          ${parser.toFixed(2).padStart(6)} ms`,
  );
}
console.log(
  `budget: <= 25 µs/char (worst ${worstPerChar.toFixed(2)}) and doubling ratio <= 3.5 (worst ${worstRatio.toFixed(2)}): ${worstPerChar <= 25 && worstRatio <= 3.5 ? 'met' : 'MISSED'}`,
);
