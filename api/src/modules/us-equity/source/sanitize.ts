/**
 * A third-party filing made safe to show: no script, no plug-in, no form, no frame, no link or
 * image that loads from elsewhere, no event handler or javascript: address, no CSS that fetches
 * (url(), @import, expression()). Links within the document (#anchors) keep working. The web app
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
/** CSS that fetches or runs something: url(...), image-set(...), @import, IE's expression() and behaviors. */
export function cleanCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .replace(/(url|image-set|expression)\s*\((?:[^()]|\([^()]*\))*\)/gi, 'none')
    .replace(/(behavior|-moz-binding)\s*:[^;}"]*/gi, '');
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
