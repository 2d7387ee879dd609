import { fileURLToPath } from 'node:url';
import { join, sep } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import ts from 'typescript';

const api = fileURLToPath(new URL('../../../../', import.meta.url));
const shared = join(api, '..', 'shared');
const controller = join(api, 'src/modules/companies-house/companies-house.controller.ts');
const accounts = join(api, 'src/modules/auth/auth.controller.ts');
const client = join(shared, 'src/client/api-client.ts');

/**
 * Type-checks the real companies-house controller and the real shared client with the route table
 * (shared's source for the client, its build for the API) as `edit` changes it: what `npm run build`
 * would say after that change to shared/src/contracts/routes.ts alone.
 */
function checkWithRouteTable(edit: (text: string) => string): { file: string; line: number; message: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(api, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const options: ts.CompilerOptions = {
    ...config.options,
    rootDir: undefined,
    noEmit: true,
    incremental: false,
    composite: false,
    declaration: false,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const routeTables = [join(shared, 'dist/contracts/routes.d.ts'), join(shared, 'src/contracts/routes.ts')];
  let edited = 0;
  host.readFile = (path) => {
    const text = readFile(path);
    if (text === undefined || !routeTables.includes(path.split('/').join(sep))) return text;
    edited += 1;
    return edit(text);
  };
  const program = ts.createProgram([controller, accounts, client], options, host);
  if (edited !== routeTables.length) throw new Error(`edited ${edited} of the route table's ${routeTables.length} files`);
  return [controller, accounts, client].flatMap((file) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(file))
      // the client is shared's source, outside the API's rootDir: not a finding
      .filter((d) => d.code !== 6059)
      .map((d) => ({
        file: file === controller ? 'controller' : file === accounts ? 'accounts' : 'client',
        line: d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      })),
  );
}

const messages = (errors: { file: string; message: string }[], file: string) =>
  errors
    .filter((e) => e.file === file)
    .map((e) => e.message)
    .join('\n');

/** Replaces one route's entry (in the source and in its build, whatever the formatting) with `definition`. */
const redefine = (route: string, definition: string) => (text: string) => {
  const entry = new RegExp(`'${route}': RouteContract<[\\s\\S]*?>;`);
  if (!entry.test(text)) throw new Error(`the route table no longer has ${route}`);
  return text.replace(entry, `'${route}': ${definition};`);
};

describe('one definition per route (issue 25 §2): a change to the route table that a side does not follow fails the build', () => {
  it('a request field added to a route fails both the API handler (its DTO) and the client (what it sends)', () => {
    const errors = checkWithRouteTable(
      redefine('GET companies_house/get_overview', 'RouteContract<{ company_number: string; as_of: string }, CompanyOverview>'),
    );
    // only the overview's handler: every other route still agrees
    expect(errors.filter((e) => e.file === 'controller')).toHaveLength(1);
    expect(messages(errors, 'controller')).toContain('the request DTO fields are not the route contract request');
    expect(messages(errors, 'client')).toContain("Property 'as_of' is missing");
  });

  it("a route's response changed fails the handler that answers the old one and the client that promises it", () => {
    const errors = checkWithRouteTable(
      redefine('GET companies_house/officers', 'RouteContract<{ company_number: string }, CompanyOverview>'),
    );
    expect(messages(errors, 'controller')).toContain('the handler answer is not the route contract response');
    expect(messages(errors, 'client')).toContain('officers');
  });

  it('a path field renamed fails the handler that reads the old one from its params and the client that fills the path', () => {
    const errors = checkWithRouteTable(redefine('POST approve/:token', 'RouteContract<{ approval: string }, MessageResponse>'));
    expect(errors.filter((e) => e.file === 'accounts')).toHaveLength(1);
    expect(messages(errors, 'accounts')).toContain('the request DTO fields are not the route contract request');
    expect(messages(errors, 'client')).toContain("'token' does not exist");
  });

  it('a route that took nothing but the session and now needs a field fails its handler and its caller', () => {
    const errors = checkWithRouteTable(redefine('GET me', 'RouteContract<{ fields: string }, CurrentUserResponse>'));
    expect(messages(errors, 'accounts')).toContain('the request DTO fields are not the route contract request');
    expect(messages(errors, 'client')).toMatch(/undefined.*is not assignable/);
  });
});
