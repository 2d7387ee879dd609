import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OutsideLine } from '../../src/features/ops/outside-line.tsx';

const html = (text: string, highlight?: string, log?: boolean) =>
  renderToStaticMarkup(createElement('pre', null, createElement(OutsideLine, { text, highlight, log })));
/** What a reader sees: the markup's text, entities read back. */
const seen = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('log and screen lines in the web viewers (the shared rule for outside text)', () => {
  it('ANSI colours and weights become styled spans; the escape codes themselves are never shown or passed on', () => {
    const markup = html('\u001b[1;31mERROR\u001b[0m disk \u001b[38;5;208mfull\u001b[0m');
    assert.match(markup, /<span style="color:var\(--ansi-red\);font-weight:700">ERROR<\/span>/);
    assert.match(markup, /<span style="color:#ff8700">full<\/span>/);
    assert.equal(seen(markup), 'ERROR disk full');
    assert.doesNotMatch(markup, /\u001b/);
  });

  it('window titles, clipboard writes, screen clears and C1 controls show as visible text, marked apart', () => {
    const markup = html('ok \u001b]0;pwned\u0007 \u001b]52;c;ZXZpbA==\u001b\\ \u001b[2J \u009b2J done');
    assert.equal(seen(markup), 'ok ^[]0;pwned^G ^[]52;c;ZXZpbA==^[\\ ^[[2J <U+009B>2J done');
    assert.doesNotMatch(markup, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    assert.equal(markup.match(/class="log-line__control"/g)?.length, 4);
  });

  it('markup in a line is text: no element of its own reaches the page', () => {
    const markup = html('<img src=x onerror=alert(1)> <a href="https://evil.example">login</a>');
    assert.doesNotMatch(markup, /<img|<a /);
    assert.equal(seen(markup), '<img src=x onerror=alert(1)> <a href="https://evil.example">login</a>');
  });

  it('a binary line is said as binary, as grep and less say it', () => {
    assert.equal(seen(html('PK\u0003\u0004\u0000\u0000\u0014')), '[binary line: 7 characters not shown]');
  });

  it("a search pattern's matches are marked across colour changes", () => {
    const markup = html('\u001b[31mdisk ful\u001b[0ml now', 'FULL');
    assert.deepEqual(
      [...markup.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1]),
      ['ful', 'l'],
    );
    assert.equal(seen(markup), 'disk full now');
  });

  it('a log line (issue 28 §5): its timestamp dimmed and its level coloured by the rule the terminal uses, the text unchanged', () => {
    const line = '2026-11-29 16:10:03.123 UTC [4711] ERROR:  relation "filings" does not exist';
    const markup = html(line, 'filings', true);
    assert.match(markup, /<span style="opacity:0.7">2026-11-29 16:10:03.123 UTC<\/span>/);
    assert.match(markup, /<span style="color:var\(--ansi-red\);font-weight:700">ERROR<\/span>/);
    assert.match(markup, /<mark>filings<\/mark>/);
    assert.equal(seen(markup), line);
    // a screen's line (no `log`) is left as written
    assert.doesNotMatch(html(line), /ansi-red/);
  });
});
