/**
 * Holds back the research chat's event stream in the page so a browser test chooses when each
 * event arrives: the page's fetch of /api/research/ask reads the real API's whole answer, then hands
 * the app a stream the test feeds one SSE message at a time (`release`), stamping when it did.
 * `waitInPage` then measures, on the page's own clock, how long after a release something showed.
 */
import type { Page } from 'playwright-core';

/** What the page keeps about the held stream (window.heldStream). */
interface Held {
  messages: string[];
  next: number;
  aborted: boolean;
  controller: ReadableStreamDefaultController<Uint8Array> | null;
  releasedAt: number;
}

/** The init script: wraps fetch for the ask call. Runs in the page. */
function holdResearchStream() {
  const original = window.fetch.bind(window);
  const held: Held = { messages: [], next: 0, aborted: false, controller: null, releasedAt: 0 };
  (window as unknown as { heldStream: Held }).heldStream = held;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(url, location.href).pathname.endsWith('/api/research/ask')) return original(input, init);
    const response = await original(input, init);
    const text = await response.text();
    held.messages = text
      .split(/\r?\n\r?\n/)
      .filter((m) => m.trim() !== '')
      .map((m) => `${m}\n\n`);
    held.next = 0;
    held.aborted = false;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (held.controller = controller),
    });
    init?.signal?.addEventListener('abort', () => {
      held.aborted = true;
      held.controller?.error(new DOMException('The user aborted a request.', 'AbortError'));
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

export async function holdStreams(page: Page): Promise<void> {
  await page.addInitScript(holdResearchStream);
}

export interface HeldMessage {
  type: string;
  /** A citation's id. */
  id?: string;
}

/** Waits until the held answer has been read from the API (the app then waits for its events); answers its messages. */
export async function streamHeld(page: Page): Promise<HeldMessage[]> {
  await page.waitForFunction(() => (window as unknown as { heldStream: Held }).heldStream.messages.length > 0);
  return page.evaluate(() =>
    (window as unknown as { heldStream: Held }).heldStream.messages.map((m) => {
      const type = /^event: (.*)$/m.exec(m)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(m)?.[1];
      return type === 'citation' && data ? { type, id: (JSON.parse(data) as { id: string }).id } : { type };
    }),
  );
}

/** Releases the held messages up to (not including) index `end`, stamping the release; the last closes the stream. */
export async function release(page: Page, end: number): Promise<void> {
  await page.evaluate((end) => {
    const held = (window as unknown as { heldStream: Held }).heldStream;
    if (held.aborted) return;
    const encoder = new TextEncoder();
    held.releasedAt = performance.now();
    while (held.next < Math.min(end, held.messages.length)) held.controller?.enqueue(encoder.encode(held.messages[held.next++]));
    if (held.next >= held.messages.length) held.controller?.close();
  }, end);
}

/** True once the app stopped the held stream (aborted its request). */
export async function streamAborted(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { heldStream: Held }).heldStream.aborted);
}

/** What to wait for: at least `count` elements (default 1) matching `selector`, with text when `text` is true. */
export interface Shown {
  selector: string;
  count?: number;
  text?: boolean;
}

function shownIn({ selector, count = 1, text = false }: Shown): boolean {
  return [...document.querySelectorAll(selector)].filter((el) => !text || (el.textContent ?? '').trim() !== '').length >= count;
}

/** Lets the page take a few tasks' turns (a React render, its effects and what they scheduled): React's scheduler runs on MessageChannel, which is not on the fake clock. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let turns = 0;
        channel.port1.onmessage = () => (++turns < 4 ? channel.port2.postMessage(null) : resolve());
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * With the page's fake clock paused (page.clock.pauseAt): moves it `stepMs` at a time until `shown`
 * holds, letting the page render after each step, and answers how far the clock moved. The figure is
 * the app's own pacing, exact to a step and the same on a loaded machine as on a quiet one.
 */
export async function clockMsUntil(page: Page, shown: Shown, maxMs = 5000, stepMs = 10): Promise<number> {
  for (let moved = 0; moved <= maxMs; moved += stepMs) {
    await settle(page);
    if (await page.evaluate(shownIn, shown)) return moved;
    await page.clock.runFor(stepMs);
  }
  throw new Error(`${shown.selector} not shown after ${maxMs} ms on the page's clock`);
}

/** Milliseconds from the last release until `shown` holds in the page (checked every 10 ms on the page's clock); fails after `maxMs`. */
export async function msUntil(page: Page, shown: Shown, maxMs = 5000): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, count = 1, text = false }) => {
      const found = [...document.querySelectorAll(selector)].filter((el) => !text || (el.textContent ?? '').trim() !== '');
      if (found.length < count) return false;
      // never 0, which would read as not yet
      return Math.max(0.001, performance.now() - (window as unknown as { heldStream: Held }).heldStream.releasedAt);
    },
    shown,
    { polling: 10, timeout: maxMs },
  );
  return (await handle.jsonValue()) as number;
}
