import { describe, it } from 'node:test';
import { expect } from 'expect';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { TailQuery } from '../dto/ops.dto.js';
import { filterPatternError, lineFilter } from './line-filter.js';

describe('the merged tail filters (grep, exclude)', () => {
  const lines = ['2026-11-29 ERROR disk full', 'INFO ready', 'FATAL: out of memory', 'warn: slow', 'error in prose'];

  it('literal text, any case, as before', () => {
    const keep = lineFilter({ grep: 'error' })!;
    expect(lines.filter(keep)).toEqual(['2026-11-29 ERROR disk full', 'error in prose']);
    expect(lineFilter({})).toBeNull();
  });

  it('a /regex/ (any case) includes and excludes', () => {
    expect(lines.filter(lineFilter({ grep: '/^(\\d{4}-\\d\\d-\\d\\d )?(error|fatal)/' })!)).toEqual([
      '2026-11-29 ERROR disk full',
      'FATAL: out of memory',
      'error in prose',
    ]);
    expect(lines.filter(lineFilter({ grep: '/error|fatal/', exclude: '/prose$/' })!)).toEqual([
      '2026-11-29 ERROR disk full',
      'FATAL: out of memory',
    ]);
  });

  it('a pattern RE2 refuses is named with the fix; backtracking patterns are linear, not catastrophic', () => {
    expect(filterPatternError('/(a)\\1/')).toMatch(/is not a regular expression RE2 accepts .*without backreferences or lookaround/);
    expect(filterPatternError('/(?=x)/')).not.toBeNull();
    expect(filterPatternError('plain (text')).toBeNull();
    // (a+)+$ on 30 000 a's and a b: exponential with backtracking, linear here
    const started = performance.now();
    expect(lineFilter({ grep: '/(a+)+$/' })!('a'.repeat(30_000) + 'b')).toBe(false);
    expect(lineFilter({ grep: '/(a+)+b$/' })!('a'.repeat(30_000) + 'b')).toBe(true);
    expect(lineFilter({ grep: '/^(a+)+$/' })!('a'.repeat(16_000) + 'b')).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('the tail and watch query: a regex RE2 refuses is a 400 naming the field and the fix; a good one passes', async () => {
    const query = (grep: string) => plainToInstance(TailQuery, { instance_id: 'local', path: '/var/log/app.log', grep });
    const refused = await validate(query('/(a)\\1/'));
    expect(refused.map((e) => e.property)).toEqual(['grep']);
    expect(Object.values(refused[0].constraints ?? {}).join()).toMatch(/^grep is not a regular expression RE2 accepts/);
    expect(await validate(query('/ERROR|FATAL/'))).toEqual([]);
    expect(await validate(query('literal (text'))).toEqual([]);
  });
});
