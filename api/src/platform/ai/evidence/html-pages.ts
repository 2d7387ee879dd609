/**
 * The text of a stored iXBRL/HTML accounts document page by page, counting pages exactly as the
 * importer does (import/ixbrl.ts: a page starts at a `page-break-before`/`break-before:page`
 * style or a page class, and after a `page-break-after`, once the page has visible body text;
 * text in ix:header and display:none is not on any page), so a figure's stored page number is
 * the page this splits out. Lines break at block elements. An HTML page has no PDF coordinates:
 * its lines carry no boxes.
 */
import { Parser } from 'htmlparser2';
import type { PageText } from './page-lines.js';

const PAGE_CLASSES = new Set(['page', 'pagebreak', 'page-break', 'new-page', 'newpage']);
const BLOCKS = new Set([
  'p',
  'div',
  'tr',
  'br',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'ul',
  'ol',
  'hr',
]);
const SKIPPED = new Set(['script', 'style', 'head', 'title']);

interface Open {
  name: string;
  breakAfter: boolean;
  invisible: boolean;
  header: boolean;
  skipped: boolean;
}

export function htmlPages(content: string): PageText[] {
  const pages: string[][] = [[]];
  let line = '';
  let pageHasContent = false;
  let pendingBreak = false;
  let inBody = false;
  let hidden = 0;
  const stack: Open[] = [];
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) pages[pages.length - 1].push(text);
    line = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const local = (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
        const prefixed = name.includes(':');
        const style = (attribs.style ?? '').replace(/\s+/g, '').toLowerCase();
        const classes = (attribs.class ?? '').toLowerCase().split(/\s+/);
        const open: Open = {
          name: local,
          breakAfter: /page-break-after:always|break-after:page/.test(style),
          invisible: /display:none/.test(style),
          header: prefixed && local === 'header',
          skipped: !prefixed && SKIPPED.has(local),
        };
        stack.push(open);
        if (open.invisible || open.header || open.skipped) hidden++;
        if (!prefixed && local === 'body') inBody = true;
        if (
          inBody &&
          (/page-break-before:always|break-before:page/.test(style) || classes.some((c) => PAGE_CLASSES.has(c))) &&
          pageHasContent
        )
          pendingBreak = true;
        if (!prefixed && BLOCKS.has(local)) endLine();
      },
      ontext(text) {
        if (!inBody || hidden > 0) return;
        if (/\S/.test(text)) {
          if (pendingBreak) {
            endLine();
            pages.push([]);
            pendingBreak = false;
          }
          pageHasContent = true;
        }
        line += text;
      },
      onclosetag() {
        const open = stack.pop();
        if (!open) return;
        if (open.invisible || open.header || open.skipped) hidden--;
        if (BLOCKS.has(open.name) || open.name === 'td' || open.name === 'th') {
          if (open.name === 'td' || open.name === 'th') line += ' ';
          else endLine();
        }
        if (open.breakAfter && pageHasContent) pendingBreak = true;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(content);
  parser.end();
  endLine();
  return pages.map((lines, i) => ({ page: i + 1, lines: lines.map((text) => ({ text, items: [] })) }));
}
