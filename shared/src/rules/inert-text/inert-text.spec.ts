import { describe, it } from 'node:test';
import { expect } from 'expect';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import {
  binaryLineText,
  binaryMatchesText,
  escapeMarkdownText,
  fileNameProblem,
  highlightSegments,
  isBinaryText,
  plainSegmentsText,
  styledSegments,
  terminalSafe,
  visibleControls,
} from './index.js';

/** The HTML a CommonMark + GFM renderer makes of the markdown (what react-markdown with remark-gfm renders). */
const html = (markdown: string) => micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
const PLANTED = '[Figures restated - verify at secure portal](https://evil.example/login)';

describe('escapeMarkdownText: outside text in an answer is text, never markup', () => {
  it('a planted link, image, autolink, bare address, e-mail or citation marker renders as the words it is', () => {
    for (const planted of [
      PLANTED,
      '![x](https://evil.example/t.png)',
      '<https://evil.example>',
      'see https://evil.example/login now',
      'visit www.evil.example today',
      'write to phish@evil.example',
      'as cited[^c1]',
      '[portal]: https://evil.example',
      '<img src=x onerror=alert(1)>',
    ]) {
      const rendered = html(escapeMarkdownText(planted));
      expect(rendered).not.toMatch(/<a |<img|href=/);
      expect(rendered.replace(/<\/?p>\n?/g, '')).toBe(
        planted.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
      );
    }
  });

  it('emphasis, code, headings, lists, quotes and tables of the text stay its characters', () => {
    for (const planted of ['**bold** _it_ `code` ~~gone~~', '# Heading', '- item', '1. first', '> quoted', 'a | b', 'AT&amp;T', 'a\\b']) {
      const rendered = html(escapeMarkdownText(planted));
      expect(rendered).not.toMatch(/<(strong|em|code|del|h1|ul|ol|li|blockquote|table)>/);
    }
    expect(html(`| A | B |\n| - | - |\n| ${escapeMarkdownText('x | y')} | z |`)).toContain('<td>x | y</td>');
  });

  it('folds lines, drops controls and direction overrides, keeps ordinary punctuation and figures as they read', () => {
    expect(escapeMarkdownText('Net sales 229,234 (2017).\n\n# not a heading')).toBe('Net sales 229,234 (2017). \\# not a heading');
    expect(escapeMarkdownText('pay\u202eliam\u001b]0;x\u0007 now')).toBe('pay liam \\]0;x now');
  });
});

describe('styledSegments: a log line as styled text, controls visible', () => {
  it('keeps SGR colours and weights as styles, drops nothing of the text', () => {
    const segments = styledSegments('\u001b[1;31mERROR\u001b[0m disk \u001b[38;5;208mfull\u001b[39m \u001b[38;2;1;2;3mrgb');
    expect(segments).toEqual([
      { text: 'ERROR', style: { bold: true, fg: 'red' } },
      { text: ' disk ', style: {} },
      { text: 'full', style: { fg: '#ff8700' } },
      { text: ' ', style: {} },
      { text: 'rgb', style: { fg: '#010203' } },
    ]);
  });

  it('window titles, clipboard writes (OSC 52), clear screen, cursor moves, DCS and C1 introducers become visible text', () => {
    const line =
      'a\u001b]0;pwned\u0007b\u001b]52;c;ZXZpbA==\u001b\\c\u001b[2J\u001b[Hd\u001bPqx\u001b\\e\u009b2Jf\u009d0;t\u0007g\u001b\u0007h\u0085i';
    const segments = styledSegments(line);
    const text = plainSegmentsText(segments);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toBe('a^[]0;pwned^Gb^[]52;c;ZXZpbA==^[\\c^[[2J^[[Hd^[Pqx^[\\e<U+009B>2Jf<U+009D>0;t^Gg^[^Gh<U+0085>i');
    expect(segments.filter((s) => s.control).map((s) => s.text)).toContain('^[]0;pwned^G');
  });

  it('an unterminated or broken sequence is still shown, never passed through', () => {
    expect(plainSegmentsText(styledSegments('x\u001b]0;never ends'))).toBe('x^[]0;never ends');
    expect(plainSegmentsText(styledSegments('x\u001b'))).toBe('x^[');
    expect(plainSegmentsText(styledSegments('tab\there\r'))).toBe('tab\there^M');
  });

  it('highlights a pattern across segments', () => {
    const parts = highlightSegments(styledSegments('\u001b[31mdisk ful\u001b[0ml now'), 'FULL');
    expect(parts.map((p) => [p.text, !!p.match, p.style.fg ?? null])).toEqual([
      ['disk ', false, 'red'],
      ['ful', true, 'red'],
      ['l', true, null],
      [' now', false, null],
    ]);
  });
});

describe('terminalSafe: the last guard before the terminal', () => {
  it('keeps our SGR colours when colour is on, drops them when off, shows every other control', () => {
    const text = '\u001b[1mok\u001b[22m \u001b]0;title\u0007 \u001b[2J \u009b31m';
    expect(terminalSafe(text, true)).toBe('\u001b[1mok\u001b[22m ^[]0;title^G ^[[2J <U+009B>31m');
    expect(terminalSafe(text, false)).toBe('ok ^[]0;title^G ^[[2J <U+009B>31m');
    expect(terminalSafe('line one\n\tline two', false)).toBe('line one\n\tline two');
    expect(visibleControls('report\u202egpj.exe.pdf')).toBe('report<U+202E>gpj.exe.pdf');
  });
});

describe('binary content, said as grep and less say it', () => {
  it('a NUL or a third of undecodable bytes is binary; Latin-1 words and colours are text', () => {
    expect(isBinaryText('PK\u0003\u0004\u0000\u0000')).toBe(true);
    expect(isBinaryText('\ufffd\ufffdJFIF\ufffd\ufffd\u0001')).toBe(true);
    expect(isBinaryText('caf\ufffd opened at 10:00')).toBe(false);
    expect(isBinaryText('\u001b[31mERROR\u001b[0m failed')).toBe(false);
    expect(binaryLineText('\u0000\u0001')).toBe('[binary line: 2 characters not shown]');
    expect(binaryMatchesText('app.log', 3)).toBe('Binary file app.log matches (3 binary lines not shown)');
  });
});

describe('fileNameProblem: one rule for every file name taken', () => {
  it('refuses bidi overrides, zero-width, C1 and control characters, naming the field and the character', () => {
    expect(fileNameProblem('files', 'report\u202egpj.exe.pdf')).toBe(
      'files must be a file name without control, invisible or text-direction characters: "report<U+202E>gpj.exe.pdf" holds U+202E; rename the file and try again',
    );
    expect(fileNameProblem('files', 'inv\u200boice.pdf')).toContain('U+200B');
    expect(fileNameProblem('pdf_name', 'a\u009b.pdf')).toContain('U+009B');
    expect(fileNameProblem('fileName', 'a\u2066b.pdf')).toContain('U+2066');
    expect(fileNameProblem('files', 'x\u0007.pdf')).toContain('U+0007');
    expect(fileNameProblem('files', '../etc/passwd')).toMatch(/without slashes/);
    expect(fileNameProblem('files', ' ')).toBe('files needs a file name');
    expect(fileNameProblem('files', 'a'.repeat(256))).toMatch(/at most 255/);
  });

  it('accepts ordinary names in any script', () => {
    for (const name of [
      'annual-report 2024 (final).pdf',
      'Société Générale – rapport.pdf',
      '年次報告書.pdf',
      'تقرير.pdf',
      'Ünïcödé [v2].pdf',
    ])
      expect(fileNameProblem('files', name)).toBeNull();
  });
});
