import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { RESEARCH_TOOLKIT, type ResearchToolkit } from '../../platform/ai/engine/research-toolkit.js';
import { ResearchEvidence } from './evidence/research-evidence.js';
import { createResearchTools } from './tools/index.js';

/** The research tools over this database, with an evidence checker (and its page cache) of their own. */
export const researchToolkitProvider: Provider = {
  provide: RESEARCH_TOOLKIT,
  inject: [DataSource, APP_CONFIG],
  useFactory: (db: DataSource, config: AppConfig): ResearchToolkit => {
    const evidence = new ResearchEvidence(db, config);
    return { evidence, tools: createResearchTools(db, { pages: evidence.pages, dataDir: config.dataDir }) };
  },
};
