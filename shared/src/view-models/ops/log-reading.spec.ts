import { describe, it } from 'node:test';
import { expect } from 'expect';
import { plainSegmentsText } from '../../rules/inert-text/terminal-text.js';
import { findLine, isErrorLine, jumpTarget, logLineSegments, prettyJson, recognizeLine } from './log-reading.js';

// the shapes of real system logs (dpkg.log, apt history.log and term.log, PostgreSQL, syslog)
const PG = '2026-11-29 16:10:03.123 UTC [4711] ERROR:  relation "filings" does not exist';
const DPKG = '2026-11-29 16:11:00 status installed libc6:amd64 2.39-0ubuntu8';
const SYSLOG = 'Nov 29 16:12:30 box systemd[1]: Started Daily apt upgrade and clean activities.';
const APT = 'Start-Date: 2026-11-29  16:13:05';
const APP = '2026-11-29T16:14:00Z WARN pipeline slow batch 7';

describe('reading a log: timestamps and levels', () => {
  it('finds the timestamp of each shape with its time of day, and the level near the start', () => {
    expect(recognizeLine(PG)).toEqual({
      timestamp: { start: 0, end: 27, seconds: 16 * 3600 + 10 * 60 + 3 },
      level: { start: 35, end: 40, level: 'error' },
    });
    expect(recognizeLine(DPKG).timestamp?.seconds).toBe(16 * 3600 + 11 * 60);
    expect(recognizeLine(DPKG).level).toBeNull();
    expect(recognizeLine(SYSLOG).timestamp).toEqual({ start: 0, end: 15, seconds: 16 * 3600 + 12 * 60 + 30 });
    expect(recognizeLine(APT).timestamp?.seconds).toBe(16 * 3600 + 13 * 60 + 5);
    expect(recognizeLine(APP).level?.level).toBe('warn');
    expect(recognizeLine('E: Unable to locate package nosuch').level?.level).toBe('error');
  });

  it('prose is not a level: "an error occurred" and a level deep in a message are left alone', () => {
    expect(recognizeLine('the job finished; an error occurred earlier').level).toBeNull();
    expect(isErrorLine(`${'x'.repeat(60)} ERROR later`)).toBe(false);
    expect(isErrorLine(PG)).toBe(true);
    expect(isErrorLine('ERROR boot 31 failed')).toBe(true);
  });

  it('segments: the timestamp dimmed, the level coloured, a match marked, the text unchanged', () => {
    const segments = logLineSegments(PG, 'filings');
    expect(plainSegmentsText(segments)).toBe(PG);
    expect(segments.find((s) => s.text === '2026-11-29 16:10:03.123 UTC')?.style).toEqual({ dim: true });
    expect(segments.find((s) => s.text === 'ERROR')?.style).toEqual({ fg: 'red', bold: true });
    expect(segments.find((s) => s.match)?.text).toBe('filings');
  });

  it('a line with its own colours keeps them, and control characters stay visible and unstyled', () => {
    const coloured = logLineSegments('\u001b[32mINFO\u001b[0m ready');
    expect(coloured[0]).toEqual({ text: 'INFO', style: { fg: 'green' } });
    const control = logLineSegments('ERROR \u0007 bell');
    expect(control.some((s) => s.control)).toBe(true);
    expect(control.find((s) => s.control)?.style).toEqual({});
  });
});

describe('reading a log: jumps', () => {
  const lines = [PG, DPKG, '--- file rotated ---', SYSLOG, APT, APP, 'ERROR boot 31 failed'].map((text) => ({
    text,
    marker: text.startsWith('---'),
  }));

  it('next and previous error line', () => {
    expect(findLine(lines, 0, 1, (l) => isErrorLine(l.text))).toBe(6);
    expect(findLine(lines, 6, -1, (l) => isErrorLine(l.text))).toBe(0);
    expect(findLine(lines, 6, 1, (l) => isErrorLine(l.text))).toBeNull();
  });

  it("to a line number (a search result keeps the file's numbers) or a time of day", () => {
    expect(jumpTarget('4', lines)).toEqual({ index: 3 });
    expect(
      jumpTarget('120', [
        { text: 'a', lineNumber: 100 },
        { text: 'b', lineNumber: 130 },
      ]),
    ).toEqual({ index: 1 });
    expect(jumpTarget('16:12', lines)).toEqual({ index: 3 });
    expect(jumpTarget('16:13:05', lines)).toEqual({ index: 4 });
    expect(jumpTarget('17:00', lines)).toEqual({ error: 'No line at or after 17:00 here.' });
    expect(jumpTarget('99', lines)).toEqual({ error: 'No line 99 here: the view holds 7 lines.' });
    expect(jumpTarget('soon', lines)).toEqual({ error: 'Jump to a line number (120) or a time of day (16:10 or 16:10:03).' });
    expect(jumpTarget('25:00', lines)).toHaveProperty('error');
  });

  it('a JSON line pretty-printed on demand; anything else is not', () => {
    expect(prettyJson('{"level":"error","msg":"boom","n":[1,2]}')).toEqual([
      '{',
      '  "level": "error",',
      '  "msg": "boom",',
      '  "n": [',
      '    1,',
      '    2',
      '  ]',
      '}',
    ]);
    expect(prettyJson('{not json')).toBeNull();
    expect(prettyJson('42')).toBeNull();
    expect(prettyJson(DPKG)).toBeNull();
  });
});
