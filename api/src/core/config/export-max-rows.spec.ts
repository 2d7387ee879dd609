import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ConfigError, exportMaxRows, loadConfig } from './config.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'credence-config-')) });

describe('EXPORT_MAX_ROWS', () => {
  it('defaults to 1,000,000 rows and reads a positive whole number', () => {
    expect(loadConfig(base()).exportMaxRows).toBe(1_000_000);
    expect(loadConfig({ ...base(), EXPORT_MAX_ROWS: '250000' }).exportMaxRows).toBe(250_000);
    expect(exportMaxRows({ EXPORT_MAX_ROWS: ' 5 ' })).toBe(5);
  });

  it('stops the start with one line naming the variable on a bad value', () => {
    for (const bad of ['0', '-1', '1e6', '1,000', 'lots', '100000001']) {
      expect(() => loadConfig({ ...base(), EXPORT_MAX_ROWS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base(), EXPORT_MAX_ROWS: bad })).toThrow(
        `Invalid configuration: EXPORT_MAX_ROWS must be a whole number from 1 to 100000000 (got "${bad}")`,
      );
    }
  });
});
