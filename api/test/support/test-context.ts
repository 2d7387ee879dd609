import type { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '../../src/core/config/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import { createTestEnvironment, type TestEnvironment } from './environment.js';

export interface TestContext {
  environment: TestEnvironment;
  config: AppConfig;
  context: AppContext;
  dataSource: DataSource;
  close(): Promise<void>;
}

/** The API's services without HTTP (as credence-admin runs them), on the suite's own database. */
export async function startTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const environment = await createTestEnvironment(overrides);
  const config = loadConfig(environment.env);
  const context = await createContext({ ...config, runJobs: false });
  return {
    environment,
    config,
    context,
    dataSource: context.dataSource,
    close: async () => {
      await context.close();
      await environment.cleanup();
    },
  };
}
