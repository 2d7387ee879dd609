import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { API_ROOT } from '../paths.js';
import { ENTITIES } from '../entities.js';
import type { AppConfig } from './config/config.js';
import { closeDatabase, connectAndMigrate, openDatabase, type DatabaseHandle } from './database/database.js';
import { HttpExceptionFilter } from './errors/http-exception.filter.js';
import { DatabaseStatus } from './health/database-status.js';
import { createValidationPipe } from './errors/validation.js';
import { AppLogger, loggerOptions, RequestLog } from './logging/logger.js';
import { registerMultipart } from './security/multipart.js';
import { registerBodyParsers } from './security/request-body.js';
import { registerSecurityHeaders } from './security/security-headers.js';
import { serveWebApp } from './web/serve-web-app.js';

export interface Api {
  app: NestFastifyApplication;
  config: AppConfig;
  database: DatabaseHandle;
  dataSource: DataSource;
  /** Stops taking requests, lets running ones and queued jobs finish, then closes the database. */
  close(): Promise<void>;
}

export function defaultWebDist(): string {
  return resolve(API_ROOT, '..', 'web', 'dist');
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
