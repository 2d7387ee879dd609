import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

const OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      // No inline script anywhere: the web app is built to files, and the API reference (Swagger UI)
      // starts from swagger-ui-init.js. An injected <script> does not run.
      scriptSrc: ["'self'"],
    },
  },
};

/**
 * Helmet's headers, computed once: helmet's middleware rebuilds the same strings (the CSP above
 * all) on every request, which cost about 5% of the CPU of an authenticated GET.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(OPTIONS)({} as never, response as never, () => undefined);
  return headers;
}

export function registerSecurityHeaders(fastify: FastifyInstance): void {
  const headers = securityHeaders();
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // API answers are personal (or carry a token): no browser or proxy keeps a copy (the reference's
  // static files under /api/docs aside). A signed-in
  // request always gets no-store, even from a route that set its own caching (a filing's document).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const api = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    if (api && (request.headers.authorization || !reply.hasHeader('cache-control'))) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
