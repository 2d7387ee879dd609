import { fileURLToPath } from 'node:url';
import { join, sep } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import ts from 'typescript';

const api = fileURLToPath(new URL('../../../../', import.meta.url));
const shared = join(api, '..', 'shared');
/** The files type-checked, by the name a finding gives: real controllers and the real shared client. */
const FILES = {
  controller: join(api, 'src/modules/companies-house/companies-house.controller.ts'),
  accounts: join(api, 'src/modules/auth/auth.controller.ts'),
  research: join(api, 'src/modules/research/research.controller.ts'),
  sales: join(api, 'src/modules/sales/sales.controller.ts'),
  client: join(shared, 'src/client/api-client.ts'),
  researchClient: join(shared, 'src/client/research-client.ts'),
};
const files = Object.values(FILES);
const parsed = new Map<string, ts.SourceFile | undefined>();
const nameOf = (file: string) => Object.entries(FILES).find(([, path]) => path === file)![0];

/**
 * Type-checks real controllers and the real shared client with the route table
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
  // Every check parses the same files but the route table: parse them once (the type check is each check's own).
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (path, language, ...rest) => {
    if (routeTables.includes(path.split('/').join(sep))) return getSourceFile(path, language, ...rest);
    const key = `${path}\0${JSON.stringify(language)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(path, language, ...rest));
    return parsed.get(key);
  };
  const program = ts.createProgram(files, options, host);
  if (edited !== routeTables.length) throw new Error(`edited ${edited} of the route table's ${routeTables.length} files`);
  return files.flatMap((file) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(file))
      // the client is shared's source, outside the API's rootDir: not a finding
      .filter((d) => d.code !== 6059)
      .map((d) => ({
        file: nameOf(file),
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
  const entry = new RegExp(`'${route}': (Form)?RouteContract<[\\s\\S]*?>;`);
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

  it('a route moved later (a research chat) is held the same way: a renamed query field fails its handler and the research client', () => {
    const errors = checkWithRouteTable(redefine('GET get_chat', 'RouteContract<{ chat: string; before?: string }, SavedChat>'));
    expect(errors.filter((e) => e.file === 'research')).toHaveLength(1);
    expect(messages(errors, 'research')).toContain('the request DTO fields are not the route contract request');
    expect(messages(errors, 'researchClient')).toContain("'chat_id' does not exist");
  });

  it('a form route lets its DTO accept fields as optional and wider, but not other names: a field renamed inside the help form fails its handler', () => {
    // (unedited, the sales DTOs, all optional and `type?: string`, build: npm run build is that check)
    const errors = checkWithRouteTable(
      redefine(
        'POST help_requests',
        "FormRouteContract<Omit<HelpRequestPayload, 'companies'> & { companies?: { number: string; title: string }[] }, MessageResponse>",
      ),
    );
    expect(errors.filter((e) => e.file === 'sales')).toHaveLength(1);
    expect(messages(errors, 'sales')).toContain('the request DTO fields are not the route contract request');
  });
});
