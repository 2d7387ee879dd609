/** `credence screener`: the companies screener. */
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { TABLES } from '../tables.js';
import type { ListFlags } from './list-options.js';
import { runList } from './list.js';

export async function screener(options: GlobalOptions & ListFlags & { query?: string }): Promise<void> {
  await runList(createContext(options), TABLES.companies, options);
}
