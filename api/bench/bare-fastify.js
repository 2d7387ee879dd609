// The baseline: the same route and answer on a bare Fastify server (no Nest, no auth, no logging).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = {
  id: '00000000-0000-4000-8000-000000000000',
  email: 'admin@credence.local',
  full_name: 'Credence Admin',
  company_name: 'Credence',
  role: 'admin',
  session_expires_at: new Date().toISOString(),
};
app.get('/api/me', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
