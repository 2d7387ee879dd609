import { describe, it } from 'node:test';
import { expect } from 'expect';
import { parseDocument, DomUtils } from 'htmlparser2';
import { cleanCss, plainCss, sanitizeDom, type DomNode } from './sanitize.js';

/** What the browser could fetch or run from the cleaned CSS: every fetching construct, matched on the CSS as the browser decodes it. */
const FETCHES = /url\s*\(|image-set\s*\(|expression\s*\(|@import|behavior\s*:|-moz-binding|\\/i;

function sanitized(html: string): string {
  const doc = parseDocument(html);
  sanitizeDom(doc.children as unknown as DomNode[]);
  return DomUtils.getOuterHTML(doc as never, { decodeEntities: true });
}

describe('cleanCss: CSS that fetches or runs is removed however it is written', () => {
  const vectors = [
    '@\\69mport "https://evil.example/x.css";',
    '@\\69 mport url(https://evil.example/x.css);',
    '@IMPORT "https://evil.example/x.css"',
    'background:\\75rl(https://evil.example/t.png)',
    'background:u\\72l(https://evil.example/t.png)',
    'background:u\\rl(https://evil.example/t.png)',
    'background:\\000075\\000072\\00006c(https://evil.example/t.png)',
    'background:\\75 \\72 \\6c (https://evil.example/t.png)',
    'background:u\\\nrl(https://evil.example/t.png)',
    'background:url(/* hidden */https://evil.example/t.png)',
    'background:u/**/rl(https://evil.example/t.png)',
    'background:url(https://evil.example/t.png',
    'background:url("https://evil.example/a)b.png")',
    'background:-webkit-image-set("https://evil.example/1x.png" 1x)',
    'background:image-set(url(https://evil.example/1x.png) 1x)',
    'width:expression(alert(1))',
    'width:expr/**/ession(alert(1))',
    'width:\\65xpression(alert(1))',
    'behavior:url(x.htc)',
    'b\\65havior:url(x.htc)',
    '-moz-binding:url(https://evil.example/x.xml#b)',
    '-moz-b\\69nding:url(x)',
    '@font-face{font-family:x;src:url(https://evil.example/f.woff)}',
    '\\5c 75rl(https://evil.example/t.png)',
    'background:u\\5c 72l(https://evil.example/t.png)',
    'x/* unclosed comment url(https://evil.example/t.png)',
  ];
  for (const css of vectors)
    it(JSON.stringify(css), () => {
      const out = cleanCss(css);
      expect(out).not.toMatch(FETCHES);
      // nothing left for the browser to decode into something else
      expect(plainCss(out)).toBe(out);
    });

  it('keeps ordinary styles as they read', () => {
    expect(cleanCss('color:red;font-weight:bold;margin:0 0 1em;content:"\\201C"')).toBe(
      'color:red;font-weight:bold;margin:0 0 1em;content:"“"',
    );
    expect(cleanCss('div > p { background:url(x.png) no-repeat; color:#333 }')).toBe('div > p { background:none no-repeat; color:#333 }');
  });

  it('decodes escapes as CSS Syntax does', () => {
    expect(plainCss('\\75 rl \\72\\6C')).toBe('url rl');
    expect(plainCss('\\110000x\\0y\\d800z')).toBe('\ufffdx\ufffdy\ufffdz');
    expect(plainCss('a\\:b\\\\c')).toBe('a:bc');
  });
});

describe('sanitizeDom: style attributes and style elements', () => {
  it('removes escaped @import, url( and expression( from style elements and attributes', () => {
    const html = sanitized(
      '<style>@\\69mport "https://evil.example/x.css"; body{background:\\75rl(https://evil.example/a.png)}</style>' +
        '<p style="background:u\\72l(https://evil.example/b.png);color:red">x</p><p style="width:expr/**/ession(alert(1))">y</p>',
    );
    expect(html).not.toMatch(/evil\.example|expression|@import/i);
    expect(html).toContain('color:red');
  });

  it('an escaped </style> cannot close the style element', () => {
    const html = sanitized('<style>p{color:red}\\3c /style\\3e \\3c img src=x onerror=alert(1)\\3e</style><p>ok</p>');
    const doc = parseDocument(html);
    expect(DomUtils.getElementsByTagName('img', doc.children).length).toBe(0);
    expect(html).not.toMatch(/<\/style><img/);
  });
});
