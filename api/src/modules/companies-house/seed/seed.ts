import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../../core/config/config.js';
import type { ImportReporter } from '../import/importer.js';

export interface SeedOptions {
  companies: number;
  /** The random seed: the same seed and size give the same data, byte for byte. */
  seed: number;
  reporter: ImportReporter;
}

export interface SeedSummary {
  companies: number;
  tables: Record<string, number>;
  seconds: number;
}

// Placeholder until the generator lands: it refuses to run rather than pretend.
export async function seedSampleData(_dataSource: DataSource, _config: AppConfig, _options: SeedOptions): Promise<SeedSummary> {
  throw new Error('the sample data generator is not built yet');
}
