/**
 * Numbers as inline XBRL shows them, read back to values: the transformation rules every iXBRL
 * filing uses (Companies House accounts and SEC filings alike), so both markets' readers share them.
 */

/**
 * The number an iXBRL transformation reads from displayed text, as a decimal string (no sign:
 * the `sign` attribute carries it), or null for "no content". Formats of the Transformation
 * Registries 1 to 5 (ixt:numdotdecimal, ixt2:numcommadecimal, ixt:zerodash, ixt4:num-dot-decimal,
 * ixt4:fixed-zero...).
 */
export function ixNumber(text: string, format: string | null): string | null {
  const shown = text.replace(/&nbsp;/g, '').replace(/[\s\u00a0\u202f]/g, '');
  const name = (format ?? '')
    .slice((format ?? '').indexOf(':') + 1)
    .toLowerCase()
    .replace(/-/g, '');
  if (['zerodash', 'fixedzero', 'numdash'].includes(name)) return '0';
  if (['nocontent', 'fixedempty'].includes(name)) return null;
  let digits: string;
  if (['numcommadecimal', 'numdotcomma', 'numspacecomma', 'numcomma'].includes(name)) {
    digits = shown.replace(/[.'’]/g, '').replace(',', '.');
  } else if (
    name === '' ||
    ['numdotdecimal', 'numcommadot', 'numspacedot', 'numdot', 'numunitdecimal', 'numdotdecimalin', 'numcommadecimalin'].includes(name)
  ) {
    digits = name === 'numunitdecimal' ? shown.replace(/[^\d]+/g, '.').replace(/^\.|\.$/g, '') : shown.replace(/[,'’]/g, '');
  } else {
    throw new Error(`format "${format}" is not a number format this importer reads`);
  }
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(digits)) throw new Error(`"${text.trim()}" is not a number${format ? ` in format ${format}` : ''}`);
  return digits;
}

/** digits × 10^scale without the binary rounding of a multiplication ("48.21", 3 → 48210). */
export function shiftDecimal(digits: string, scale: number): number {
  let [whole, fraction = ''] = digits.split('.');
  if (scale > 0) {
    const moved = fraction.padEnd(scale, '0');
    whole += moved.slice(0, scale);
    fraction = moved.slice(scale);
  } else if (scale < 0) {
    const padded = whole.padStart(-scale + 1, '0');
    fraction = padded.slice(padded.length + scale) + fraction;
    whole = padded.slice(0, padded.length + scale);
  }
  return Number(`${whole || '0'}.${fraction || '0'}`);
}
