import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { restartApi, startApi, type ApiServer } from './processes.js';

// GNU screen lists every session in its socket folder, and the API's ops backend lists what screen
// lists: each test process gets a folder of its own, so ops files that run side by side never see
// each other's sessions (the screen commands here and the APIs they start read SCREENDIR).
const screens = mkdtempSync(join(tmpdir(), 'credence-screens-'));
process.env.SCREENDIR = screens;
process.on('exit', () => rmSync(screens, { recursive: true, force: true }));

/** The API on its local ops backend, with its log files and a GNU screen session of this user. */
export interface OpsHost {
  api: ApiServer;
  /** The OPS_LOG_DIRS folder. */
  logs: string;
  screenName: string;
  /** Stops the API (SIGTERM, as a deploy does) and, once `whileDown` is done, starts it again at the same address on the same data. */
  restart(whileDown: () => Promise<void> | void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Writes `files` (paths relative to a fresh OPS_LOG_DIRS), starts `screen -dmS` running `program`
 * with `sh -c`, and the API on the local ops backend with fast polls; close() ends all three.
 */
export async function startOpsHost(tag: string, files: Record<string, string>, program: string): Promise<OpsHost> {
  const base = mkdtempSync(join(tmpdir(), `credence-${tag}-ops-`));
  const logs = join(base, 'logs');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(logs, path)), { recursive: true });
    writeFileSync(join(logs, path), text);
  }
  const screenName = `credence-${tag}-${randomBytes(3).toString('hex')}`;
  execFileSync('screen', ['-dmS', screenName, 'sh', '-c', program]);
  let api: ApiServer | null = null;
  const close = async () => {
    try {
      execFileSync('screen', ['-S', screenName, '-X', 'quit']);
    } catch {
      /* gone */
    }
    await api?.stop();
    if (api) rmSync(api.dataDir, { recursive: true, force: true });
    rmSync(base, { recursive: true, force: true });
  };
  try {
    api = await startApi({ OPS_LOG_DIRS: logs, OPS_WATCH_POLL_MS: '50', OPS_SCREEN_POLL_MS: '100', OPS_WATCH_LINGER_MS: '100' });
  } catch (error) {
    await close();
    throw error;
  }
  const host: OpsHost = {
    api,
    logs,
    screenName,
    close,
    async restart(whileDown) {
      await api!.stop();
      await whileDown();
      api = await restartApi(api!);
      host.api = api;
    },
  };
  return host;
}

/** Numbered lines, the last an ERROR: a pipeline's log. */
export const pipelineLog = (word: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${word} ${i + 1} ok`).join('\n') + `\nERROR ${word} ${count + 1} failed\n`;
