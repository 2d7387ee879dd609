/**
 * The terminal's view functions as built (`npm run build -w @credence/cli`; the root `npm test`
 * builds the cli before the web suites), for tests that check the web and the terminal show the
 * same facts. The types of what those tests call are written here so the web compiles alone.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './api-server.ts';

export interface Style {
  color: boolean;
}
export interface View {
  width: number;
  tableWidth: number;
  style: Style;
  now: Date;
}

const CLI_DIST = join(REPO, 'cli', 'dist', 'src');

/** A module of the built cli, by its path under cli/dist/src ("commands/company-view.js"). */
export async function cliModule<T>(path: string): Promise<T> {
  const file = join(CLI_DIST, path);
  if (!existsSync(file)) throw new Error(`The cli is not built at ${CLI_DIST}: run \`npm run build -w @credence/cli\` first`);
  return (await import(pathToFileURL(file).href)) as T;
}
