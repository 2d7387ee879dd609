/**
 * pdfjs-dist, as the API loads it. Its legacy build (the one for Node) carries core-js polyfills,
 * and on Node 20 (no JSON.rawJSON) one of them replaces JSON.stringify and JSON.parse for the whole
 * process with script versions: about 200 times slower on a large string (0.9 MB: 2 ms native,
 * 394 ms polyfilled), which made every large body and answer of the API block its event loop
 * (issue 24). The natives are put back as soon as pdfjs has loaded; pdfjs does not need the
 * polyfill. Every import of pdfjs in the API goes through this module (eslint: no-restricted-imports).
 */
const native = { parse: JSON.parse, stringify: JSON.stringify };
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
JSON.parse = native.parse;
JSON.stringify = native.stringify;

export const { getDocument } = pdfjs;
