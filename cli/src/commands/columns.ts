/** `credence screener columns` (and per creditors tab): ids, labels, kinds, operators, sortable; a computed column's formula below it. */
import { EXPRESSION_OPERATORS_BY_KIND, FILTER_TYPES_BY_KIND, type ScreenerTable } from '@credence/shared';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { TABLES } from '../tables.js';

export function columnsFor(table: ScreenerTable) {
  return async (options: GlobalOptions): Promise<void> => {
    const ctx = createContext(options);
    const info = TABLES[table];
    if (ctx.mode.json) {
      const rows = info.columns.map((c) => ({
        id: c.id,
        label: c.label,
        kind: c.kind,
        format: c.format,
        sortable: c.sortable,
        filterable: c.filterable,
        visible: c.visible,
        filter_types: FILTER_TYPES_BY_KIND[c.kind],
        operators: EXPRESSION_OPERATORS_BY_KIND[c.kind],
        ...(c.options ? { options: c.options } : {}),
        ...(c.description ? { description: c.description } : {}),
      }));
      ctx.out.result(JSON.stringify(rows, null, 2));
      return;
    }
    const idWidth = Math.max(...info.columns.map((c) => c.id.length), 2);
    const labelWidth = Math.max(...info.columns.map((c) => c.label.length), 5);
    const lines = [`${'id'.padEnd(idWidth)}  ${'label'.padEnd(labelWidth)}  ${'kind'.padEnd(7)}  sort  operators`];
    for (const c of info.columns) {
      const ops = EXPRESSION_OPERATORS_BY_KIND[c.kind].map((o) => o.split(' ')[0]).join(' ');
      lines.push(
        `${c.id.padEnd(idWidth)}  ${c.label.padEnd(labelWidth)}  ${c.kind.padEnd(7)}  ${c.sortable ? 'yes ' : 'no  '}  ${ops}${c.options ? `  (${c.options.join(', ')})` : ''}`,
      );
      // How a ratio column is computed (shared's one definition), so the terminal shows the formula where it shows the ratio.
      if (c.description) lines.push(`${' '.repeat(idWidth + 2)}${c.description}`);
    }
    ctx.out.result(lines.join('\n'));
    if (ctx.mode.interactive)
      ctx.out.info(
        `\nExample: ${info.command} --filter '${info.columns.find((c) => c.kind === 'number')?.id ?? info.columns[0].id}>10' --sort ${info.defaultSort.sortBy}:${info.defaultSort.sortOrder}`,
      );
  };
}
