/**
 * Issue 24 section 2: every attack of the security review at once, bounded in count and loopback
 * only, by one hostile analyst (mallory) while another (alice) uploads a small PDF. Used by the
 * e2e test (api/test/e2e/security-stall.e2e-spec.ts, in-process API) and by `npm run bench:stall`
 * (the API in its own process, /api/health probed from a thread of its own).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'expect';
import { uploadPdfs } from './documents-client.js';
import { handMadePdf, manyOperatorsPdf, textLines } from './sample-documents.js';

const MB = 1024 * 1024;

export interface StallTarget {
  url: string;
}

export interface StallSetup {
  hostileId: string;
  bigSize: number;
}

/** Runs `times` calls of `call`, `parallel` at a time. */
export async function flood(parallel: number, times: number, call: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < times) await call(next++);
    }),
  );
}

/** What the attacks need in place: a page of 400,000 text operators, a 45 MB upload and a chat filled as far as the limits let it. */
export async function prepareStall(target: StallTarget, mallory: string): Promise<StallSetup> {
  const hostile = manyOperatorsPdf(400_000);
  expect(hostile.length).toBeLessThan(30 * 1024);
  const stored = await uploadPdfs(target, mallory, 'stall', [{ name: 'operators.pdf', bytes: hostile }]);
  expect(stored.status).toBe(200);
  const big = handMadePdf([textLines(['A large file with one page of text.'])], randomBytes(45 * MB));
  expect((await uploadPdfs(target, mallory, 'stall', [{ name: 'large.pdf', bytes: big }])).status).toBe(200);
  await flood(2, 40, async (i) => {
    const body = JSON.stringify({ chat_id: 'stall-chat', query_str: `Post ${i}`, observations: { text: 'z'.repeat(200 * 1024) } });
    const reply = await fetch(`${target.url}/api/create_chat_history`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${mallory}`, 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(200);
    await reply.text();
  });
  return { hostileId: stored.body.files[0].document_id, bigSize: big.length };
}

export interface StallOutcome {
  /** How long alice's small upload took, from when a hostile upload was waiting for a parse slot. */
  smallUploadMs: number;
  /** The hostile uploads (by index) that were answered 200; the others were abandoned while they waited. */
  answered: Set<number>;
}

/**
 * Every attack at once. `parseSlotTaken` resolves once a hostile upload waits for a parse slot (the
 * test reads the parse queue; the bench, with the API in another process, waits for the uploads to be sent).
 */
export async function runStallAttacks(
  target: StallTarget,
  tokens: { mallory: string; alice: string },
  setup: StallSetup,
  parseSlotTaken: () => Promise<void>,
): Promise<StallOutcome> {
  const auth = { authorization: `Bearer ${tokens.mallory}` };
  const get = (path: string) => fetch(`${target.url}${path}`, { headers: auth });

  const pageText = flood(5, 40, async () => {
    const reply = await get(`/api/pdf_page_text?document_id=${setup.hostileId}&page=1`);
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { too_complex?: boolean }).too_complex).toBe(true);
  });
  const base64 = flood(5, 10, async () => {
    const reply = await get('/api/fetch_pdf?chat_id=stall&pdf_name=large.pdf');
    const body = (await reply.json()) as { error?: string };
    expect({ status: reply.status, error: body.error }).toEqual({ status: 413, error: expect.stringMatching(/pdf_file/) });
  });
  // the viewer's way: the large file in ranges of 1 MB
  const streamed = flood(5, 10, async (i) => {
    const start = i * 4 * MB;
    const response = await fetch(`${target.url}/api/pdf_file?chat_id=stall&pdf_name=large.pdf`, {
      headers: { ...auth, range: `bytes=${start}-${start + MB - 1}` },
    });
    expect(response.status).toBe(206);
    expect((await response.arrayBuffer()).byteLength).toBe(Math.min(MB, setup.bigSize - start));
  });
  // one 0.9 MB post, serialised once: the client's own work stays small
  const post = JSON.stringify({ chat_id: 'stall-chat', query_str: 'Flood', observations: { text: 'y'.repeat(900 * 1024) } });
  const chats = (async () => {
    await flood(5, 60, async () => {
      const reply = await fetch(`${target.url}/api/create_chat_history`, {
        method: 'POST',
        body: post,
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(400);
      await reply.text();
    });
    await flood(5, 10, async () => {
      const reply = await get('/api/get_chat?chat_id=stall-chat');
      expect(reply.status).toBe(200);
      expect((await reply.arrayBuffer()).byteLength).toBeLessThan(5 * MB);
    });
  })();
  // six hostile uploads at once; the last three are abandoned while they wait their turn
  const abandon = Array.from({ length: 6 }, () => new AbortController());
  const answered = new Set<number>();
  const uploads = Promise.all(
    abandon.map(async (controller, i) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(manyOperatorsPdf(400_000))], { type: 'application/pdf' }), `hostile-${i}.pdf`);
      form.append('chatKey', 'stall-uploads');
      try {
        const response = await fetch(`${target.url}/api/upload_pdf`, {
          method: 'POST',
          body: form,
          headers: auth,
          signal: controller.signal,
        });
        await response.text();
        if (response.status === 200) answered.add(i);
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      }
    }),
  );
  const small = (async () => {
    await parseSlotTaken();
    for (const [i, controller] of abandon.entries()) if (i >= 3 && !answered.has(i)) controller.abort();
    const started = performance.now();
    const reply = await uploadPdfs(target, tokens.alice, 'alice-chat', [
      { name: 'note.pdf', bytes: handMadePdf([textLines(['Revenue was 1,234.'])]) },
    ]);
    expect(reply.status).toBe(200);
    return performance.now() - started;
  })();
  const [smallUploadMs] = await Promise.all([small, pageText, base64, streamed, chats, uploads]);
  return { smallUploadMs, answered };
}
