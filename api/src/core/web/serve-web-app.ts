/**
 * The built web app at `/`: hashed assets compressed at build time (brotli or gzip, as the browser
 * accepts) and cached for a year; HTML revalidated on every visit (ETag), so a release shows at
 * once. A public page gets its prerendered HTML; a path of the signed-in app gets index.html
 * (client routing); any other address gets the not-found page with status 404, and an unknown
 * /api route a JSON 404.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noRouteMessage } from '../errors/http-exception.filter.js';
import { loadPrerenderedSite, type ContentEncoding, type SitePage } from './prerendered-site.js';

/** Vite names every file under assets/ by its content's hash: a new build is a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];

export async function serveWebApp(app: NestFastifyApplication, root: string, publicUrl: string): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const hasWeb = existsSync(join(root, 'index.html'));
  const site = loadPrerenderedSite(root, publicUrl);
  const assets = join(root, 'assets') + sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // the prerendered pages are served at their own paths, with the site's address filled in;
      // the compressed forms only through preCompressed (with the original's type and Vary)
      globIgnore: ['prerendered/**', '**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => void reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    });
  }
  fastify.get('/sitemap.xml', (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', REVALIDATE).type('application/xml; charset=utf-8').send(site.sitemap());
  });
  fastify.get('/robots.txt', (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', REVALIDATE).type('text/plain; charset=utf-8').send(site.robots());
  });
  fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || !hasWeb) {
      return reply.status(404).send({ error: noRouteMessage(request.method, path), statusCode: 404 });
    }
    const page = site.page(safeDecode(path));
    if (page !== null) return sendPage(request, reply, page, 200);
    if (site.isAppRoute(path)) return reply.sendFile('index.html', root);
    const notFound = site.notFound(path);
    if (notFound !== null) return sendPage(request, reply, notFound, 404);
    // a build without the prerendered not-found page: the app shows its own
    return reply.status(404).sendFile('index.html', root);
  });
}

/** A page's HTML, compressed as the browser accepts, or 304 when its copy is current. */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: SitePage, status: 200 | 404): Promise<FastifyReply> {
  void reply.status(status).header('cache-control', REVALIDATE).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (status === 200) {
    void reply.header('etag', page.etag);
    if (isFresh(request, page.etag)) return reply.status(304).send();
  }
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
  if (encoding === null) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(await page.encoded(encoding));
}

/**
 * If-None-Match's weak comparison (any listed validator, W/ or not, or "*"), unless the request
 * says no-cache (as a forced reload does): the same rule @fastify/static applies to index.html.
 */
function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header || /(?:^|,)\s*no-cache/.test(request.headers['cache-control'] ?? '')) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
