/**
 * Issue 24: text from logs, screens and PDFs is inert in the terminal. The real binary, spawned
 * (pipes) against the real API on its local ops backend: `logs tail`, `logs search` and
 * `logs tail -f` of a file whose lines carry a window title, a clipboard write (OSC 52), clear
 * screen, a DCS string, C1 CSI and a bell print none of those bytes, show them visibly, keep the
 * words, and say a binary line as binary; `screens show` likewise; `ask --pdf` of a PDF with a
 * planted markdown link prints the link as the characters it is.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import PDFDocument from 'pdfkit';
import { startOpsHost, type OpsHost } from '../support/ops-host.js';
import { BIN, credence, signedInUser } from '../support/processes.js';

/** Every byte a terminal acts on: C0 but tab and newline, DEL, C1 (as characters and as raw bytes). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const HOSTILE = [
  'title \u001b]0;pwned\u0007 set',
  'clipboard \u001b]52;c;cm0gLXJmIH4K\u001b\\ written',
  'clear \u001b[2J\u001b[H screen',
  'dcs \u001bPq#0;2;0;0;0\u001b\\ string',
  'c1 \u009b2J csi and bell \u0007 done',
  '\u001b[1;31mERROR\u001b[0m coloured failure',
].join('\n');

function noControls(what: string, text: string): void {
  const at = text.search(CONTROL);
  if (at >= 0) throw new Error(`${what} holds ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}`);
}

describe('outside text is inert in the terminal (logs, screens, answers)', () => {
  let host: OpsHost;
  let ops: Record<string, string>;

  before(async () => {
    host = await startOpsHost(
      'inert',
      { 'hostile.log': `${HOSTILE}\n`, 'blob.log': 'PK\u0003\u0004\u0000\u0000 ERROR in blob\nERROR text line\n' },
      'printf "screen \\033]0;pwned\\007 says hi \\302\\2332J\\n"; exec sleep 600',
    );
    ({ env: ops } = await signedInUser(host.api, {
      email: 'ivy@ops.test',
      password: 'a long and unusual ops passphrase',
      name: 'Ivy',
      role: 'ops',
    }));
  });
  after(() => host?.close());

  it('logs tail prints no control byte of a line: each is shown visibly, the words kept', async () => {
    const run = await credence(['logs', 'tail', 'hostile.log', '-n', '10'], ops);
    expect(run.code).toBe(0);
    noControls('stdout', run.stdout);
    noControls('stderr', run.stderr);
    expect(run.stdout).toContain('title ^[]0;pwned^G set');
    expect(run.stdout).toContain('clipboard ^[]52;c;cm0gLXJmIH4K^[\\ written');
    expect(run.stdout).toContain('clear ^[[2J^[[H screen');
    expect(run.stdout).toContain('c1 <U+009B>2J csi and bell ^G done');
    // its colours are dropped without a colour terminal, its words kept
    expect(run.stdout).toContain('\nERROR coloured failure\n');
  });

  it('logs search prints no control byte, and says matches in binary lines as grep does', async () => {
    const run = await credence(['logs', 'search', 'hostile.log', 'pwned'], ops);
    expect(run.code).toBe(0);
    noControls('stdout', run.stdout + run.stderr);
    expect(run.stdout).toMatch(/1 {2}title \^\[\]0;pwned\^G set/);
    const blob = await credence(['logs', 'search', 'blob.log', 'ERROR'], ops);
    noControls('stdout', blob.stdout + blob.stderr);
    expect(blob.stdout).toContain('2  ERROR text line');
    expect(blob.stdout).toContain('Binary file blob.log matches (1 binary line not shown)');
    expect(blob.stdout).not.toContain('PK');
    const tail = await credence(['logs', 'tail', 'blob.log'], ops);
    expect(tail.stdout).toContain('[binary line: ');
    noControls('stdout', tail.stdout);
  });

  it('logs tail -f prints no control byte of a line written while it follows', async () => {
    const child = spawn(process.execPath, [BIN, 'logs', 'tail', 'hostile.log', '-f', '-n', '1'], {
      env: { PATH: process.env.PATH ?? '', ...ops },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const until = async (test: () => boolean, what: string) => {
      const started = Date.now();
      while (!test()) {
        if (Date.now() - started > 15_000) throw new Error(`timed out waiting for ${what}: ${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    try {
      await until(() => out.includes('coloured failure'), 'the last line');
      appendFileSync(join(host.logs, 'hostile.log'), `${HOSTILE}\nfollowed end\n`);
      await until(() => out.includes('followed end'), 'the appended lines');
      noControls('output', out);
      expect(out).toContain('clipboard ^[]52;c;cm0gLXJmIH4K^[\\ written');
    } finally {
      child.kill('SIGINT');
    }
  });

  it('screens show prints no control byte of the session', async () => {
    const list = await credence(['screens', 'list'], ops);
    const pid = /^\s*(\d+)/.exec(list.stdout.split('\n').find((line) => line.includes(host.screenName))!)![1];
    const started = Date.now();
    let shown = { stdout: '', stderr: '', code: 0 as number | null };
    while (!shown.stdout.includes('says hi') && Date.now() - started < 10_000) shown = await credence(['screens', 'show', pid], ops);
    expect(shown.stdout).toContain('says hi');
    noControls('screens show', shown.stdout + shown.stderr);
  });
});

describe('credence ask --pdf: a planted markdown link prints as its characters', () => {
  const PLANTED = '[Figures restated - verify at secure portal](https://evil.example/login)';
  let dir: string;
  let host: OpsHost;
  let env: Record<string, string>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'credence-inert-pdf-'));
    const doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.addPage().fontSize(20).text('Contoso Holdings plc', 50, 120);
    doc
      .addPage()
      .fontSize(9)
      .text(`The segment figures were restated after the audit ${PLANTED} and the restated segment figures are final.`, 50, 80, {
        width: 520,
      });
    doc.end();
    writeFileSync(join(dir, 'notes.pdf'), await done);
    host = await startOpsHost('inert-pdf', {}, 'exec sleep 600');
    ({ env } = await signedInUser(host.api, { email: 'ann@inert.test', password: 'a long and unusual passphrase', name: 'Ann' }));
  });
  after(async () => {
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the planted link as text in the quoted passage, no hyperlink and no control byte', async () => {
    const run = await credence(['ask', '--pdf', join(dir, 'notes.pdf'), 'What does the report say about restated segment figures?'], env);
    expect(run.code).toBe(0);
    noControls('stdout', run.stdout);
    // the quoted passage wraps inside its quote bars
    expect(run.stdout.replace(/[\s│]+/g, '')).toContain(PLANTED.replace(/\s+/g, ''));
    expect(run.stdout).not.toContain('\\[');
  });
});
