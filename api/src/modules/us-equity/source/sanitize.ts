/**
 * A third-party filing made safe to show: no script, no plug-in, no form, no frame, no link or
 * image that loads from elsewhere, no event handler or javascript: address, no CSS that fetches
 * (url(), @import, expression(), even written with CSS escapes or comments). Links within the document (#anchors) keep working. The web app
 * shows the result in a sandboxed frame as well (no scripts run there even if one slipped by).
 */
import { DomUtils } from 'htmlparser2';

export interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  parent?: DomNode | null;
  data?: string;
}

const REMOVED = new Set([
  'script',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'template',
  'audio',
  'video',
  'source',
  'track',
  'portal',
  'canvas',
  'dialog',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'poster',
  'cite',
  'longdesc',
  'usemap',
  'data',
  'codebase',
  'xlink:href',
  'srcset',
  'ping',
  'lowsrc',
  'dynsrc',
]);
/**
 * CSS as the browser will read it, with nothing left that could mean something else: comments
 * removed (an unclosed one runs to the end, as in CSS), escapes decoded as CSS Syntax 4.3.7 says
 * (a backslash and 1 to 6 hex digits plus one optional whitespace, a backslash and a newline, or a
 * backslash and any other character), and any backslash that decoding produced dropped, so no
 * escape survives to be decoded again by the browser. `@\69mport`, `\75rl(` and `u\rl(` are
 * then plain `@import` and `url(`, which cleanCss removes.
 */
export function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(
      /\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\n\r\f])?|(\r\n|[\n\r\f])|([\s\S]))/gi,
      (_m, hex: string | undefined, newline, other: string | undefined) => {
        if (hex) {
          const code = parseInt(hex, 16);
          return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
        }
        return newline ? '' : (other ?? '');
      },
    )
    .replace(/\\/g, '');
}

/** Functions that fetch (or, in old IE, run) something: their name and everything to the matching parenthesis, or to the end. */
const FETCHING = /(?:url|src|image|image-set|cross-fade|element|expression)\s*\(/gi;
const AT_RULES = /@(?:import|namespace|font-face|document|-moz-document)\b[^;{}]*(?:;|\{[^{}]*\}|$)?/gi;
const PROPERTIES = /(?:behavior|-moz-binding|-ms-behavior)\s*:[^;}"]*/gi;

function dropCalls(css: string): string {
  let out = '';
  let from = 0;
  for (let m = FETCHING.exec(css); m; m = FETCHING.exec(css)) {
    let depth = 1;
    let at = m.index + m[0].length;
    for (; at < css.length && depth > 0; at++)
      if (css[at] === '(') depth++;
      else if (css[at] === ')') depth--;
    out += css.slice(from, m.index) + 'none';
    from = at;
    FETCHING.lastIndex = at;
  }
  FETCHING.lastIndex = 0;
  return out + css.slice(from);
}

/**
 * CSS that fetches or runs something: url(...), image-set(...) and the other image functions,
 * @import and @font-face, IE's expression() and behaviors, Mozilla's bindings; matched on
 * plainCss's text (escapes and comments gone), and again until nothing more is removed.
 */
export function cleanCss(css: string): string {
  let current = plainCss(css);
  for (;;) {
    const next = dropCalls(current.replace(AT_RULES, '')).replace(PROPERTIES, '');
    // `<` has no use in a style sheet; decoded from `\3c` it could close the style element
    if (next === current) return next.replace(/</g, '');
    current = next;
  }
}

export function sanitizeDom(nodes: DomNode[]): void {
  for (const node of [...nodes]) {
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') {
      if (node.type !== 'directive') DomUtils.removeElement(node as never);
      continue;
    }
    if (node.type === 'script' || (node.name && REMOVED.has(node.name))) {
      DomUtils.removeElement(node as never);
      continue;
    }
    if (node.type === 'style') {
      for (const child of node.children ?? []) if (child.type === 'text' && child.data) child.data = cleanCss(child.data);
      continue;
    }
    if (node.attribs) {
      for (const [key, value] of Object.entries(node.attribs)) {
        const name = key.toLowerCase();
        if (name.startsWith('on') || URL_ATTRIBUTES.has(name)) {
          // Only links inside the document survive.
          if (name === 'href' && /^#[\w.:-]*$/.test(value.trim())) continue;
          delete node.attribs[key];
        } else if (name === 'style') node.attribs[key] = cleanCss(value);
      }
    }
    if (node.children?.length) sanitizeDom(node.children);
  }
}
