import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.CREDENCE_TEST_TEMPLATE;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
