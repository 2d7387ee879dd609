import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { ENTITIES } from '../entities.js';
import type { AppConfig } from './config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase, type DatabaseHandle } from './database/database.js';
import { HttpExceptionFilter, noRouteMessage } from './errors/http-exception.filter.js';
import { DatabaseStatus } from './health/database-status.js';
import { createValidationPipe } from './errors/validation.js';
import { AppLogger, loggerOptions, RequestLog } from './logging/logger.js';
import { registerMultipart } from './security/multipart.js';
import { registerBodyParsers } from './security/request-body.js';
import { registerSecurityHeaders } from './security/security-headers.js';
import { loadPrerenderedSite } from './web/prerendered-site.js';

export interface Api {
  app: NestFastifyApplication;
  config: AppConfig;
  database: DatabaseHandle;
  dataSource: DataSource;
  /** Stops taking requests, lets running ones and queued jobs finish, then closes the database. */
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

export function defaultWebDist(): string {
  return resolve(here, '../../../../web/dist');
}

/** Opens (and migrates) the database and sets up the whole HTTP application, without listening. */
export async function createApi(config: AppConfig): Promise<Api> {
  const database = await openDatabase(config, { share: false, entities: ENTITIES });
  let dataSource: DataSource | null = null;
  try {
    dataSource = await connectAndMigrate(database);
    const adapter = new FastifyAdapter({
      logger: loggerOptions(config),
      logController: new RequestLog(),
      trustProxy: config.trustProxy,
      bodyLimit: 1024 * 1024,
      return503OnClosing: true,
      forceCloseConnections: 'idle',
    });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, dataSource), adapter, {
      logger: config.logLevel === 'silent' ? false : new AppLogger(),
      // The body parsers are ours (JSON only, with limits): see security/request-body.ts.
      bodyParser: false,
    });
    await configureHttp(app, config);
    await app.init();
    const opened = dataSource;
    let closing: Promise<void> | null = null;
    return {
      app,
      config,
      database,
      dataSource,
      close: () => (closing ??= app.close().finally(() => closeDatabase(database, opened))),
    };
  } catch (error) {
    await closeDatabase(database, dataSource).catch(() => undefined);
    throw error;
  }
}

async function configureHttp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter(app.get(DatabaseStatus)));
  if (config.corsOrigins) app.enableCors({ origin: config.corsOrigins, maxAge: 600 });
  const fastify = app.getHttpAdapter().getInstance();
  registerSecurityHeaders(fastify);
  registerBodyParsers(fastify);
  await registerMultipart(app, config.upload.maxMb);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Credence API')
      .setDescription('UK company intelligence, screeners, AI research and operations. Every route lives under /api.')
      .setVersion('0.1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  await serveWebApp(app, config.webDist ?? defaultWebDist(), config.publicUrl);
}

/**
 * The built web app at `/`, with every non-API path falling back to index.html (client routing);
 * the public pages get their prerendered HTML, and /sitemap.xml and /robots.txt list them.
 */
async function serveWebApp(app: NestFastifyApplication, root: string, publicUrl: string): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const index = join(root, 'index.html');
  const hasWeb = existsSync(index);
  const site = loadPrerenderedSite(root, publicUrl);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // the prerendered pages are served at their own paths, with the site's address filled in
      allowedPath: (pathName: string) => !pathName.startsWith('/prerendered/'),
    });
  }
  fastify.get('/sitemap.xml', (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(site.sitemap());
  });
  fastify.get('/robots.txt', (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(site.robots());
  });
  fastify.get('/*', (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || !hasWeb) {
      void reply.status(404).send({ error: noRouteMessage(request.method, path), statusCode: 404 });
      return;
    }
    // Revalidated on every visit, so a new release is picked up at once (assets keep their max-age).
    const page = site.page(safeDecode(path));
    if (page !== null) {
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
      return;
    }
    void reply.header('cache-control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
