/**
 * A job worker for the research job tests (`node research-worker.js`): the real worker's context
 * (Bull on REDIS_URL, the research job handlers) with the scripted engine, which either answers
 * at once or, with RESEARCH_TEST_HOLD=1, never finishes (a worker the test then kills). The engine
 * is put in before the worker takes any job (createContext's beforeJobs), so that a job queued
 * earlier is never picked up by the real engine.
 */
import 'reflect-metadata';
import { loadConfig } from '../../src/core/config/config.js';
import { createContext } from '../../src/context.js';
import { workerModules } from '../../src/worker-modules.js';
import { RESEARCH_ENGINES, type ResearchEngines } from '../../src/platform/ai/engine/engines.js';
import { SCRIPT_PLAN, ScriptedEngine } from './scripted-engine.js';

const hold = process.env.RESEARCH_TEST_HOLD === '1';
const context = await createContext(
  { ...loadConfig(), runJobs: true },
  {
    modules: workerModules(false),
    beforeJobs: (services) => {
      const engines = services.get<typeof RESEARCH_ENGINES, ResearchEngines>(RESEARCH_ENGINES, { strict: false });
      const engine = new ScriptedEngine();
      if (hold) engine.holdAfter = 1;
      engines.engine = engine;
      engines.planner = { plan: () => (hold ? new Promise<string[]>(() => undefined) : Promise.resolve(SCRIPT_PLAN)) };
    },
  },
);
process.stdout.write('research-worker: ready\n');
process.once('SIGTERM', () => void context.close().then(() => process.exit(0)));
