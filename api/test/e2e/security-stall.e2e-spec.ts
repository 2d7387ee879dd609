/**
 * Issue 24 section 2, acceptance: one analyst cannot stall the API for everyone. A hostile analyst
 * runs every attack of the review at once (bounded in count, loopback only): page text of a page of
 * 400,000 text operators, base64 and ranged reads of a 45 MB upload, a chat flooded with 0.9 MB
 * posts read back, six hostile uploads (three abandoned while they wait). Meanwhile /api/health
 * keeps answering and another user's small upload is read.
 *
 * The bounds here tell a stalled API from a working one on a loaded CI machine (before the fix:
 * health 32 s and timeouts at 60 s, the small upload over 150 s); the budgets (p99 250 ms,
 * 10 s) are measured with the API alone on the machine and recorded in docs/benchmarks.md, and this
 * test prints its own figures as a diagnostic.
 */
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { uploadPdfs } from '../support/documents-client.js';
import { handMadePdf, manyOperatorsPdf, textLines } from '../support/sample-documents.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { DocumentsService } from '../../src/modules/documents/documents.service.js';

const HEALTH_P99_MS = 2_000;
const SMALL_UPLOAD_MS = 30_000;
const MB = 1024 * 1024;

/** Runs `times` calls of `call`, `parallel` at a time. */
async function flood(parallel: number, times: number, call: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < times) await call(next++);
    }),
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** Resolves once `condition` holds, checking on each turn of the event loop; fails after `limitMs`. */
async function until(condition: () => boolean, limitMs: number, what: string): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('security: one analyst cannot stall the API for everyone (issue 24 section 2)', () => {
  let t: TestApi;
  let mallory: string;
  let alice: string;
  let hostileId: string;
  let bigSize: number;

  before(async () => {
    t = await startTestApi();
    mallory = await t.activeUser('mallory.stall@example.com');
    alice = await t.activeUser('alice.stall@example.com');
    const hostile = manyOperatorsPdf(400_000);
    expect(hostile.length).toBeLessThan(30 * 1024);
    const stored = await uploadPdfs(t, mallory, 'stall', [{ name: 'operators.pdf', bytes: hostile }]);
    expect(stored.status).toBe(200);
    hostileId = stored.body.files[0].document_id;
    const big = handMadePdf([textLines(['A large file with one page of text.'])], randomBytes(45 * MB));
    bigSize = big.length;
    expect((await uploadPdfs(t, mallory, 'stall', [{ name: 'large.pdf', bytes: big }])).status).toBe(200);
    // the chat filled as far as the limits let it
    await flood(2, 40, async (i) => {
      const body = { chat_id: 'stall-chat', query_str: `Post ${i}`, observations: { text: 'z'.repeat(200 * 1024) } };
      expect((await t.request('POST', '/api/create_chat_history', { token: mallory, body })).status).toBe(200);
    });
  });
  after(() => t?.close());

  it(
    'keeps /api/health answering (p99 under 2 s; 32 s before) and reads another user’s small upload within 30 s (over 150 s before) while every attack runs',
    { timeout: 240_000 },
    async (context) => {
      const documents = t.api.app.get(DocumentsService);
      const auth = { authorization: `Bearer ${mallory}` };

      const pageText = flood(5, 40, async () => {
        const reply = await t.request('GET', `/api/pdf_page_text?document_id=${hostileId}&page=1`, { token: mallory });
        expect(reply.status).toBe(200);
        expect(reply.body.too_complex).toBe(true);
      });
      const base64 = flood(5, 10, async () => {
        const reply = await t.request('GET', '/api/fetch_pdf?chat_id=stall&pdf_name=large.pdf', { token: mallory });
        expect({ status: reply.status, error: reply.body.error }).toEqual({ status: 413, error: expect.stringMatching(/pdf_file/) });
      });
      // the viewer's way: the large file in ranges of 1 MB
      const streamed = flood(5, 10, async (i) => {
        const start = i * 4 * MB;
        const response = await fetch(`${t.url}/api/pdf_file?chat_id=stall&pdf_name=large.pdf`, {
          headers: { ...auth, range: `bytes=${start}-${start + MB - 1}` },
        });
        expect(response.status).toBe(206);
        expect((await response.arrayBuffer()).byteLength).toBe(Math.min(MB, bigSize - start));
      });
      // one 0.9 MB post, serialised once: the client's own work stays out of the loop both share
      const post = JSON.stringify({ chat_id: 'stall-chat', query_str: 'Flood', observations: { text: 'y'.repeat(900 * 1024) } });
      const chats = (async () => {
        await flood(5, 60, async () => {
          const reply = await fetch(`${t.url}/api/create_chat_history`, {
            method: 'POST',
            body: post,
            headers: { ...auth, 'content-type': 'application/json' },
          });
          expect(reply.status).toBe(400);
          await reply.text();
        });
        await flood(5, 10, async () => {
          const reply = await fetch(`${t.url}/api/get_chat?chat_id=stall-chat`, { headers: auth });
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
            const response = await fetch(`${t.url}/api/upload_pdf`, {
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
        await until(() => documents.parseLoad.waiting > 0, 30_000, 'a hostile upload waiting for a parse slot');
        for (const [i, controller] of abandon.entries()) if (i >= 3 && !answered.has(i)) controller.abort();
        const started = performance.now();
        const reply = await uploadPdfs(t, alice, 'alice-chat', [
          { name: 'note.pdf', bytes: handMadePdf([textLines(['Revenue was 1,234.'])]) },
        ]);
        expect(reply.status).toBe(200);
        return performance.now() - started;
      })();

      const attacks = Promise.all([pageText, base64, streamed, chats, uploads, small]);
      let finished = false;
      void attacks.finally(() => (finished = true)).catch(() => undefined);
      const latencies: number[] = [];
      let peakRss = 0;
      while (!finished) {
        const started = performance.now();
        const health = await fetch(`${t.url}/api/health`);
        expect(health.status).toBe(200);
        await health.text();
        latencies.push(performance.now() - started);
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
      }
      await attacks;
      const smallMs = await small;
      const p99 = percentile(latencies, 0.99);
      context.diagnostic(
        `health p99 ${p99.toFixed(0)} ms over ${latencies.length} probes (max ${Math.max(...latencies).toFixed(0)} ms); ` +
          `small upload ${smallMs.toFixed(0)} ms; peak RSS ${(peakRss / MB).toFixed(0)} MB`,
      );
      expect(latencies.length).toBeGreaterThan(20);
      expect(p99).toBeLessThan(HEALTH_P99_MS);
      expect(smallMs).toBeLessThan(SMALL_UPLOAD_MS);
      // an upload abandoned while it waited was never read or stored
      const listed = await t.request('GET', '/api/fetch_pdf_list?chatKey=stall-uploads', { token: mallory });
      expect(listed.body.map((f: { file_name: string }) => f.file_name).sort()).toEqual(
        [...answered].map((i) => `hostile-${i}.pdf`).sort(),
      );
      expect(answered.size).toBeLessThanOrEqual(6);
      await until(() => documents.parseLoad.running + documents.parseLoad.waiting === 0, 30_000, 'every parse to end');
    },
  );
});
