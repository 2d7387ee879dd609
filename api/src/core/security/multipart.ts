import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Most files one multipart request may carry (an upload of PDFs). */
export const MULTIPART_MAX_FILES = 20;

/**
 * The multipart/form-data parser (@fastify/multipart), for the routes marked
 * @AcceptsBody('multipart/form-data') only (every other route still answers 415): files are
 * streamed to the route, each at most `maxFileMb` (a larger one fails as it streams, 413).
 */
export async function registerMultipart(app: NestFastifyApplication, maxFileMb: number): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxFileMb * 1024 * 1024, files: MULTIPART_MAX_FILES, fields: 10, fieldSize: 4096, parts: MULTIPART_MAX_FILES + 10 },
  });
}
