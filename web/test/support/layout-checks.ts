/**
 * Layout checks a user notices on a narrow screen, measured in the page: the document wider than
 * the window (a horizontal scroll), two interactive elements drawn over each other, and a control
 * that cannot be clicked at any scroll position because something fixed (the help button, the
 * cookie banner, a sticky bar) stays on top of it.
 */
import type { Page } from 'playwright-core';

export interface LayoutProblems {
  /** document.documentElement.scrollWidth, and the window's width */
  scrollWidth: number;
  width: number;
  /** pairs of interactive elements whose visible boxes intersect, described */
  overlaps: string[];
  /** controls whose centre is covered by another element at every scroll position tried */
  covered: string[];
  /** when the page is wider than the window: the elements that run past its right edge */
  wide: string[];
}

/** Every check over the page as it is now; the page is scrolled back to the top afterwards. */
export async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const SELECTOR =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="switch"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const MIN = 4;
    type Box = { left: number; top: number; right: number; bottom: number };

    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('placeholder') ?? '').trim();
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      return `${el.tagName.toLowerCase()}${cls} "${name.replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const isFixed = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) if (getComputedStyle(node).position === 'fixed') return true;
      return false;
    };
    /** The element's box as drawn: cut by every ancestor that clips its overflow; null when nothing shows. */
    const visibleBox = (el: Element): Box | null => {
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) return null;
      const r = el.getBoundingClientRect();
      // moved off the page until it is focused (the skip link)
      if (r.bottom + window.scrollY <= 0 || r.right + window.scrollX <= 0) return null;
      const box: Box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const s = getComputedStyle(node);
        if (s.display === 'contents') continue;
        if (Number(s.opacity) === 0) return null;
        const clipsX = s.overflowX !== 'visible';
        const clipsY = s.overflowY !== 'visible';
        if (clipsX || clipsY) {
          const c = node.getBoundingClientRect();
          if (clipsX) {
            box.left = Math.max(box.left, c.left);
            box.right = Math.min(box.right, c.right);
          }
          if (clipsY) {
            box.top = Math.max(box.top, c.top);
            box.bottom = Math.min(box.bottom, c.bottom);
          }
        }
      }
      return box.right - box.left >= MIN && box.bottom - box.top >= MIN ? box : null;
    };
    // disabled ones too: a control waiting for data is drawn where it will be used
    const controls = [...document.querySelectorAll(SELECTOR)].filter(
      (el) => !el.closest('[hidden], [inert], [aria-hidden="true"], dialog:not([open])'),
    );

    // 1. overlaps at the top of the page: among the controls in the page (sticky bars where they
    // start), and among the fixed ones (the help button, the cookie banner); a fixed control over
    // the page's is check 2's (the page scrolls from under it)
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const placed = controls
      .map((el) => ({ el, box: visibleBox(el), fixed: isFixed(el) }))
      .filter((p): p is { el: Element; box: Box; fixed: boolean } => p.box !== null);
    const overlaps: string[] = [];
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i];
        const b = placed[j];
        if (a.fixed !== b.fixed || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (w > 1 && h > 1) overlaps.push(`${describe(a.el)} and ${describe(b.el)} (${Math.round(w)}x${Math.round(h)} px)`);
      }
    }

    // 2. every control's centre hit by itself at one of three scroll positions at least
    const hits = (el: Element) => {
      const box = visibleBox(el);
      if (box === null) return null;
      const x = (box.left + box.right) / 2;
      const y = (box.top + box.bottom) / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      if (top === null) return false;
      if (el.contains(top) || top.contains(el)) return true;
      // a control drawn by its label (a styled checkbox): the label takes the click
      const label = top.closest('label');
      if (label === null) return false;
      return label.contains(el) || [...((el as HTMLInputElement).labels ?? [])].includes(label);
    };
    const covered: string[] = [];
    for (const el of controls) {
      if (visibleBox(el) === null) continue;
      let reachable = false;
      for (const block of ['center', 'end', 'start'] as const) {
        el.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
        const result = hits(el);
        if (result !== false) {
          reachable = true;
          break;
        }
      }
      if (!reachable) {
        const box = visibleBox(el);
        const on = box ? document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2) : null;
        covered.push(`${describe(el)} under ${on ? describe(on) : 'nothing'}`);
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // 3. what runs past the window's right edge: the outermost elements that do (their parent fits)
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      // an absolutely placed element escapes a scroller that is not its containing block (roughly: any)
      const clipped = (el: Element) => {
        if (['absolute', 'fixed'].includes(getComputedStyle(el).position)) return false;
        for (let node = el.parentElement; node && node !== document.body; node = node.parentElement)
          if (getComputedStyle(node).overflowX !== 'visible') return true;
        return false;
      };
      for (const el of document.body.querySelectorAll('*')) {
        const right = el.getBoundingClientRect().right;
        const parent = el.parentElement;
        if (right > window.innerWidth + 1 && parent && parent.getBoundingClientRect().right <= window.innerWidth + 1 && !clipped(el))
          wide.push(`${describe(el)} to ${Math.round(right)} px`);
        if (wide.length === 5) break;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, overlaps, covered, wide };
  });
}
