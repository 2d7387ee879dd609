import { AuthModule } from './modules/auth/auth.module.js';
import { StreamModule } from './modules/companies-house/stream/stream.module.js';
import { DocumentsCoreModule } from './modules/documents/documents.module.js';
import { ResearchCoreModule } from './modules/research/research.module.js';
import { RestructuringCoreModule } from './modules/restructuring/restructuring.module.js';

/**
 * The feature modules a job worker runs beside the core ones (createContext): the job handlers of
 * accounts, research, documents and restructuring, and the Companies House streams when `streams`
 * (the worker consumes them when CH_STREAM_KEY is set).
 */
export function workerModules(streams: boolean) {
  return [AuthModule, ResearchCoreModule, DocumentsCoreModule, RestructuringCoreModule, StreamModule.forRoot(streams)];
}
