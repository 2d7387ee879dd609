// The API for the idle-streams measurement of bench/research.js: the real server (dist build) whose
// research engine sends its plan and then waits (until the client leaves), so that what a held
// stream costs is Credence's stream alone: the connection, the SSE writer and heartbeat, the
// stream kept for a resume, the request's work waiting. Prints the line spawnApi waits for.
import 'reflect-metadata';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'src');
const { createApi } = await import(join(dist, 'core/bootstrap.js'));
const { loadConfig } = await import(join(dist, 'core/config/config.js'));
const { ensureFirstAdmin } = await import(join(dist, 'core/users/first-admin.js'));
const { RESEARCH_ENGINES } = await import(join(dist, 'platform/ai/engine/engines.js'));

const config = loadConfig();
const api = await createApi(config);
await ensureFirstAdmin(api.app, config);
const engines = api.app.get(RESEARCH_ENGINES, { strict: false });
engines.engine = {
  name: 'built-in',
  async answer(request, out) {
    out.emit({ type: 'plan', data: { steps: ['Read the register', 'Write the answer'] } });
    out.emit({ type: 'step', data: { index: 0, status: 'running' } });
    await new Promise((resolve) => out.signal.addEventListener('abort', resolve, { once: true }));
  },
};
await api.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = api.app.getHttpServer().address();
process.stdout.write(`Credence is running at http://127.0.0.1:${port}\n`);
process.once('SIGTERM', () => void api.close().then(() => process.exit(0)));
