/**
 * The route fuzz of the security probe (issue 24 section 5): every route of the running API, read
 * from its OpenAPI document (checked against Nest's router so no route escapes), gets hostile
 * values in each of its parameters, one at a time and then a seeded mix of several at once.
 * The cases are deterministic: the same seed gives the same requests.
 */
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { isDatabaseInputMessage } from '../../src/core/errors/database-input-error.js';

type Schema = {
  type?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  allOf?: Schema[];
  format?: string;
};
type OpenApi = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
};
type OpenApiOperation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema; example?: unknown }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};

/** Where a parameter goes on the wire; body fields are dotted paths (`sales_metadata.utm_source`, `companies.0.company_name`). */
export interface FuzzParam {
  in: 'path' | 'query' | 'header' | 'json' | 'form';
  name: string;
  /** The value a well-formed request sends: every other parameter keeps it while one is hostile. */
  baseline: unknown;
  required: boolean;
}

export interface FuzzRoute {
  method: string;
  /** As the OpenAPI document writes it: /api/verify/{token}. */
  path: string;
  params: FuzzParam[];
  /** The body the route reads: JSON, multipart form, or none. */
  body: 'json' | 'form' | 'none';
}

/** One request of the fuzz, and what it tried (for the failure list). */
export interface FuzzCase {
  route: FuzzRoute;
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

function resolve(doc: OpenApi, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && (s.$ref || s.allOf?.length === 1); i++) {
    s = s.$ref ? (doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s.allOf![0];
  }
  return s;
}

/**
 * The value of a parameter in a well-formed request: known names first (null: leave it out), then
 * the document's example, enum or type.
 */
function baselineOf(name: string, schema: Schema, known: (name: string) => unknown): unknown {
  const given = known(name);
  if (given === null) return undefined;
  if (given !== undefined) return given;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'a';
  }
}

/** Body fields as dotted paths, one level into nested objects and arrays of objects. */
function bodyParams(
  doc: OpenApi,
  schema: Schema,
  where: 'json' | 'form',
  known: (name: string) => unknown,
  prefix = '',
  depth = 0,
): FuzzParam[] {
  const s = resolve(doc, schema);
  const params: FuzzParam[] = [];
  const knownHere = (path: string) => {
    const exact = known(path);
    return exact !== undefined ? exact : known(path.split('.').pop()!);
  };
  for (const [name, raw] of Object.entries(s.properties ?? {})) {
    const field = resolve(doc, raw);
    const path = prefix + name;
    const required = s.required?.includes(name) ?? false;
    const items = field.type === 'array' ? resolve(doc, field.items) : null;
    if (depth < 2 && where === 'json' && field.properties) {
      params.push({ in: where, name: path, baseline: undefined, required }, ...bodyParams(doc, field, where, known, `${path}.`, depth + 1));
    } else if (depth < 2 && where === 'json' && items?.properties) {
      params.push(
        { in: where, name: path, baseline: undefined, required },
        ...bodyParams(doc, items, where, known, `${path}.0.`, depth + 1),
      );
    } else {
      // A binary field is the file part every multipart request carries (see multipart()).
      if (where === 'form' && (field.format === 'binary' || items?.format === 'binary')) continue;
      params.push({ in: where, name: path, baseline: baselineOf(path, field, knownHere), required });
    }
  }
  return params;
}

/** Every operation of the document, with its parameters and a baseline value for each. */
export function routesOf(doc: OpenApi, known: (route: string, name: string) => unknown): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const knownHere = (name: string) => known(path, name);
      const params: FuzzParam[] = (op.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        baseline: baselineOf(p.name, { example: p.example, ...resolve(doc, p.schema) }, knownHere),
        required: p.required ?? p.in === 'path',
      }));
      const content = op.requestBody?.content ?? {};
      let body: FuzzRoute['body'] = 'none';
      if (content['application/json']) {
        body = 'json';
        params.push(...bodyParams(doc, content['application/json'].schema ?? {}, 'json', knownHere));
      } else if (content['multipart/form-data']) {
        body = 'form';
        params.push(...bodyParams(doc, content['multipart/form-data'].schema ?? {}, 'form', knownHere));
      }
      routes.push({ method: method.toUpperCase(), path, params, body });
    }
  }
  return routes;
}

/** Every route Nest registered (controller and handler paths under the global prefix), as `METHOD /api/path/{param}`. */
export function nestRoutes(app: INestApplication, prefix = 'api'): string[] {
  const routes: string[] = [];
  const join = (...parts: string[]) =>
    '/' +
    parts
      .flatMap((p) => p.split('/'))
      .filter(Boolean)
      .join('/');
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!type) continue;
      const base = [Reflect.getMetadata(PATH_METADATA, type) ?? ''].flat() as string[];
      for (const key of Object.getOwnPropertyNames(type.prototype)) {
        // Read the descriptor, not the property: a getter would run on the bare prototype.
        const handler: unknown = Object.getOwnPropertyDescriptor(type.prototype, key)?.value;
        if (typeof handler !== 'function' || key === 'constructor') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || method === undefined) continue;
        for (const b of base) {
          for (const p of [paths].flat()) {
            routes.push(`${RequestMethod[method]} ${join(prefix, b, p).replace(/:(\w+)/g, '{$1}')}`);
          }
        }
      }
    }
  }
  return routes.sort();
}

// ---------------------------------------------------------------------------------------------
// The hostile values

/**
 * Query and path values as they go on the wire (already percent-encoded where they need it). Every
 * parameter gets each of these; of the EXTRA_ ones below, a few drawn by the seeded generator.
 */
export const HOSTILE_WIRE: [label: string, wire: string][] = [
  ['2147483648', '2147483648'],
  ['9223372036854775808', '9223372036854775808'],
  ['-1', '-1'],
  ['0', '0'],
  ['NaN', 'NaN'],
  ['1e309', '1e309'],
  ['empty', ''],
  ['4,000 characters', 'x'.repeat(4000)],
  ['NUL', '%00'],
  ['unicode, bidi and zero-width', encodeURIComponent('é漢字\u202egpj.exe\u200b😀')],
  ['invalid percent-encoding', '%E0%A4%A'],
  ['JSON object', encodeURIComponent('{"__proto__":{"polluted":true}}')],
];
export const EXTRA_WIRE: [label: string, wire: string][] = [
  ['2147483647', '2147483647'],
  ['1.5', '1.5'],
  ['control characters', '%1B%5B2J%07'],
  ['lone surrogate', '%ED%A0%80'],
  ['a path', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['SQL', encodeURIComponent("1' OR '1'='1")],
  ['true', 'true'],
];

/** Query-only shapes: the parameter repeated (an array) or in brackets (an object). */
export const HOSTILE_QUERY_SHAPES: [label: string, wire: (name: string, baseline: string) => string][] = [
  ['repeated (an array)', (n, b) => `${n}=${b}&${n}=${b}`],
  ['brackets (an array)', (n, b) => `${n}[]=${b}`],
  ['brackets (an object)', (n, b) => `${n}[a]=${b}`],
  ['__proto__ in brackets', (n, b) => `${n}[__proto__][polluted]=${b}`],
  ['absent', () => ''],
];

/** JSON values as raw body text (so 1e309 and 2^63 reach the parser exactly as a client sends them). */
export const HOSTILE_JSON: [label: string, raw: string][] = [
  ['2147483648', '2147483648'],
  ['9223372036854775808', '9223372036854775808'],
  ['-1', '-1'],
  ['0', '0'],
  ['"NaN"', '"NaN"'],
  ['1e309', '1e309'],
  ['empty string', '""'],
  ['100,000 characters', JSON.stringify('y'.repeat(100_000))],
  ['NUL', '"a\\u0000b"'],
  ['unicode, bidi and zero-width', JSON.stringify('é漢字\u202egpj.exe\u200b😀')],
  ['null', 'null'],
  ['an array', '["a","b"]'],
  ['an object', '{}'],
  ['__proto__', '{"__proto__":{"polluted":true}}'],
];
export const EXTRA_JSON: [label: string, raw: string][] = [
  ['2147483647', '2147483647'],
  ['"2147483648"', '"2147483648"'],
  ['1.5', '1.5'],
  ['control characters', '"\\u001b]52;c;ZXZpbA==\\u0007"'],
  ['lone surrogate', '"\\ud800"'],
  ['true', 'true'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['SQL', JSON.stringify("1' OR '1'='1")],
];

/** Multipart form values (always text on the wire). */
export const HOSTILE_FORM: [label: string, value: string][] = [
  ['2147483648', '2147483648'],
  ['-1', '-1'],
  ['empty', ''],
  ['100,000 characters', 'z'.repeat(100_000)],
  ['NUL', 'a\u0000b'],
  ['unicode, bidi and zero-width', 'é漢字\u202egpj.exe\u200b😀'],
  ['JSON object', '{"__proto__":{"polluted":true}}'],
  ['JSON array', '[1,2]'],
  ['a path', '../../etc/passwd'],
];

/** Whole bodies: wrong shapes and wrong content types. */
export const HOSTILE_BODIES: [label: string, body: string, contentType: string][] = [
  ['malformed JSON', '{"a": ', 'application/json'],
  ['empty JSON', '', 'application/json'],
  ['a JSON array', '[{}]', 'application/json'],
  ['a JSON string', '"a"', 'application/json'],
  ['a JSON number', '2147483648', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['JSON 5,000 levels deep', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), 'application/json'],
  ['top-level __proto__', '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}', 'application/json'],
  ['form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
  ['text/plain', '{}', 'text/plain'],
  ['XML', '<a>1</a>', 'application/xml'],
  ['malformed multipart', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', 'multipart/form-data; boundary=b'],
  ['multipart without a boundary', '--b--', 'multipart/form-data'],
  ['a broken content type', '{}', 'application/json; charset=nope; ;'],
];

// ---------------------------------------------------------------------------------------------
// Building requests

const SENTINEL = '\u0001fuzz\u0001';

function wireOf(value: unknown): string {
  return encodeURIComponent(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Record<string, unknown> | unknown[] = target;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const index = /^\d+$/.test(key) ? Number(key) : key;
    const holder = node as Record<string | number, unknown>;
    if (last) holder[index] = value;
    else {
      holder[index] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
      node = holder[index] as Record<string, unknown>;
    }
  });
}

/** What replaces a parameter: a wire value (query, path, header), raw JSON text, a form value, or its absence. */
export type Override =
  | { kind: 'wire'; wire: string }
  | { kind: 'shape'; make: (name: string, baseline: string) => string }
  | { kind: 'json'; raw: string }
  | { kind: 'form'; value: string };

const MULTIPART_BOUNDARY = '----credence-fuzz';

function multipart(fields: [string, string][]): Buffer {
  const parts = fields.map(
    ([name, value]) => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  // A small file part too, as the upload forms take one.
  parts.push(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="fuzz.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 not really\r\n`,
  );
  return Buffer.from(parts.join('') + `--${MULTIPART_BOUNDARY}--\r\n`);
}

/** The request for `route` with some parameters replaced (the others at their baselines). */
export function buildCase(route: FuzzRoute, what: string, overrides: Map<FuzzParam, Override>, wholeBody?: [string, string]): FuzzCase {
  let path = route.path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const json: Record<string, unknown> = {};
  const raws: string[] = [];
  const form: [string, string][] = [];
  // A body field replaced whole takes its nested fields with it.
  const replaced = [...overrides.keys()].filter((p) => p.in === 'json').map((p) => `${p.name}.`);
  for (const param of route.params) {
    const override = overrides.get(param);
    const baseline = param.baseline;
    if (!override && baseline === undefined) continue;
    if (replaced.some((prefix) => param.name.startsWith(prefix))) continue;
    switch (param.in) {
      case 'path':
        path = path.replace(`{${param.name}}`, override?.kind === 'wire' ? override.wire || '%20' : wireOf(baseline));
        break;
      case 'query':
        if (override?.kind === 'shape') {
          const text = override.make(param.name, wireOf(baseline));
          if (text) query.push(text);
        } else query.push(`${param.name}=${override?.kind === 'wire' ? override.wire : wireOf(baseline)}`);
        break;
      case 'header':
        if (override?.kind === 'wire') headers[param.name] = decodeURIComponent(override.wire.replace(/%(?![0-9A-F]{2})/gi, '%25'));
        break;
      case 'json':
        if (override?.kind === 'json') {
          setPath(json, param.name, `${SENTINEL}${raws.length}`);
          raws.push(override.raw);
        } else if (baseline !== undefined) setPath(json, param.name, baseline);
        break;
      case 'form':
        form.push([param.name, override?.kind === 'form' ? override.value : String(baseline)]);
        break;
    }
  }
  const url = path + (query.length ? `?${query.join('&')}` : '');
  let body: string | Buffer | undefined;
  if (wholeBody) {
    body = wholeBody[0];
    headers['content-type'] = wholeBody[1];
  } else if (route.body === 'json') {
    body = JSON.stringify(json).replace(new RegExp(`"${SENTINEL}(\\d+)"`, 'g'), (_, i: string) => raws[Number(i)]);
    headers['content-type'] = 'application/json';
  } else if (route.body === 'form') {
    body = multipart(form);
    headers['content-type'] = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
  }
  return { route, what, method: route.method, url, headers, body };
}

/** Header values must be bytes 0x20-0xFF without DEL: the others cannot be sent at all. */
const sendableInHeader = (wire: string) => {
  try {
    return /^[\x20-\x7e\x80-\xff]*$/.test(decodeURIComponent(wire));
  } catch {
    return false;
  }
};

/** `count` entries of `list`, drawn without repeats by the seeded generator. */
function draw<T>(list: readonly T[], random: () => number, count: number): T[] {
  const pool = [...list];
  const drawn: T[] = [];
  while (drawn.length < count && pool.length) drawn.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return drawn;
}

/**
 * One hostile value in one parameter at a time: every value of the HOSTILE_ lists and `extras` of
 * the EXTRA_ ones, for every parameter; then whole-body hostiles and prototype-polluting names.
 */
export function singleCases(route: FuzzRoute, random: () => number, extras = 3): FuzzCase[] {
  const cases: FuzzCase[] = [buildCase(route, 'the baseline request', new Map())];
  for (const param of route.params) {
    const one = (label: string, override: Override) =>
      cases.push(buildCase(route, `${param.in} ${param.name} = ${label}`, new Map([[param, override]])));
    if (param.in === 'json') {
      for (const [label, raw] of [...HOSTILE_JSON, ...draw(EXTRA_JSON, random, extras)]) one(label, { kind: 'json', raw });
    } else if (param.in === 'form') {
      for (const [label, value] of HOSTILE_FORM) one(label, { kind: 'form', value });
    } else {
      for (const [label, wire] of [...HOSTILE_WIRE, ...draw(EXTRA_WIRE, random, extras)]) {
        if (param.in !== 'header' || sendableInHeader(wire)) one(label, { kind: 'wire', wire });
      }
      if (param.in === 'query') for (const [label, make] of HOSTILE_QUERY_SHAPES) one(label, { kind: 'shape', make });
    }
  }
  if (route.method !== 'GET') {
    for (const [label, body, type] of HOSTILE_BODIES) cases.push(buildCase(route, `body: ${label}`, new Map(), [body, type]));
  }
  // Parameters nobody declared, named to pollute prototypes.
  const extra: FuzzRoute = {
    ...route,
    params: [
      ...route.params,
      { in: 'query', name: '__proto__[polluted]', baseline: 'true', required: false },
      { in: 'query', name: 'constructor[prototype][polluted]', baseline: 'true', required: false },
    ],
  };
  cases.push(buildCase(extra, 'query __proto__ and constructor[prototype] parameters', new Map()));
  return cases;
}

/** `count` requests each with several parameters hostile at once, chosen by the seeded generator. */
export function mixedCases(route: FuzzRoute, random: () => number, count: number): FuzzCase[] {
  if (route.params.length === 0) return [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const overrides = new Map<FuzzParam, Override>();
    const labels: string[] = [];
    for (const param of route.params) {
      if (random() < 0.5) continue;
      let label: string;
      let override: Override;
      if (param.in === 'json') {
        const [l, raw] = pick([...HOSTILE_JSON, ...EXTRA_JSON]);
        [label, override] = [l, { kind: 'json', raw }];
      } else if (param.in === 'form') {
        const [l, value] = pick(HOSTILE_FORM);
        [label, override] = [l, { kind: 'form', value }];
      } else {
        const [l, wire] = pick([...HOSTILE_WIRE, ...EXTRA_WIRE]);
        if (param.in === 'header' && !sendableInHeader(wire)) continue;
        [label, override] = [l, { kind: 'wire', wire }];
      }
      overrides.set(param, override);
      labels.push(`${param.in} ${param.name} = ${label}`);
    }
    if (overrides.size) cases.push(buildCase(route, labels.join(', '), overrides));
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface FuzzAnswer {
  fuzz: FuzzCase;
  /** The HTTP status, or `timeout` when no status came within the time allowed. */
  status: number | 'timeout';
  body: unknown;
  contentType: string;
}

/**
 * Sends the cases, `concurrency` at a time. A streamed answer (server-sent events) is judged by its
 * status and dropped at once; no request waits longer than `timeoutMs` for its status and body.
 */
export async function sendAll(
  baseUrl: string,
  cases: FuzzCase[],
  options: { token?: string; concurrency: number; timeoutMs: number; address: () => string },
): Promise<FuzzAnswer[]> {
  const answers: FuzzAnswer[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      answers[index] = await sendOne(baseUrl, cases[index], options);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return answers;
}

async function sendOne(
  baseUrl: string,
  fuzz: FuzzCase,
  options: { token?: string; timeoutMs: number; address: () => string },
): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { ...fuzz.headers, 'x-forwarded-for': options.address() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(baseUrl + fuzz.url, { method: fuzz.method, headers, body: fuzz.body, signal });
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { fuzz, status: response.status, body: null, contentType };
    }
    const text = await response.text();
    let body: unknown = text.slice(0, 300);
    try {
      body = JSON.parse(text);
    } catch {
      /* judged as text */
    }
    return { fuzz, status: response.status, body, contentType };
  } catch (error) {
    if (signal.aborted) return { fuzz, status: 'timeout', body: null, contentType: '' };
    throw new Error(`${fuzz.method} ${fuzz.url.slice(0, 200)} (${fuzz.what}): ${(error as Error).message}`, { cause: error });
  }
}

/**
 * What is wrong with an answer: a 5xx (but a 503 saying which dependency is missing), no answer in
 * time, a 4xx without the `{error, statusCode}` body, or a 400 the error filter made of a database
 * error (the value reached SQL: its DTO should have refused it).
 */
export function problemOf(answer: FuzzAnswer): string | null {
  const { status, body } = answer;
  if (status === 'timeout') return 'no status within the time allowed';
  if (status >= 500 && status !== 503) return `${status} ${JSON.stringify(body).slice(0, 200)}`;
  if (status >= 400) {
    const shaped = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
    if (!shaped || (body as { statusCode?: unknown }).statusCode !== status) {
      return `${status} without an {error, statusCode} body: ${JSON.stringify(body).slice(0, 200)}`;
    }
    const error = (body as { error: string }).error;
    if (isDatabaseInputMessage(error)) return `the database refused the value, not the DTO: "${error}"`;
  }
  return null;
}
