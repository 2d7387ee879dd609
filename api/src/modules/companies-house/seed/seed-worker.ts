/**
 * A worker thread of the sample generator on server Postgres: it generates and writes every
 * `stride`-th batch over its own connection, so that generating and serialising rows (CPU in
 * Node) runs on more than one core, beside the database's own work.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { generateCompany } from './generate.js';
import { writeBatch } from './seed.js';
import type { CompanyBundle, WorkerInput, WorkerMessage } from './types.js';

async function run(input: WorkerInput): Promise<void> {
  const dataSource = new DataSource({ type: 'postgres', url: input.url, extra: { max: 1, connectionTimeoutMillis: 15_000 } });
  await dataSource.initialize();
  try {
    const { ctx, batchSize } = input;
    for (let b = input.first; b * batchSize < ctx.total; b += input.stride) {
      const start = b * batchSize;
      const end = Math.min(ctx.total, start + batchSize);
      const bundles: CompanyBundle[] = [];
      for (let i = start; i < end; i++) bundles.push(generateCompany(i, ctx));
      const tables = await dataSource.transaction((m) => writeBatch(m, bundles, input.imported, input.settings));
      parentPort!.postMessage({ type: 'batch', companies: end - start, tables } satisfies WorkerMessage);
    }
  } finally {
    await dataSource.destroy();
  }
}

run(workerData as WorkerInput).then(
  () => parentPort!.postMessage({ type: 'done' } satisfies WorkerMessage),
  (error: Error) => parentPort!.postMessage({ type: 'error', message: error.message, stack: error.stack } satisfies WorkerMessage),
);
