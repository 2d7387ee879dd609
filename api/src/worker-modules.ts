import { AuthModule } from './modules/auth/auth.module.js';
import { StreamModule } from './modules/companies-house/stream/stream.module.js';
import { DocumentsCoreModule } from './modules/documents/documents.module.js';
import { ResearchCoreModule } from './modules/research/research.module.js';
import { RestructuringCoreModule } from './modules/restructuring/restructuring.module.js';
import { UsEquityCoreModule } from './modules/us-equity/us-equity.module.js';
import { RESEARCH_PLUGINS_IN_USE } from './research-plugins.js';
import { watchlistStreamAlerts } from './modules/watchlists/alerts/stream-alerts.js';

/**
 * The feature modules a job worker runs beside the core ones (createContext): the job handlers of
 * accounts, research (with its plugins), documents, restructuring and US equity research, and the Companies House streams when `streams`
 * (the worker consumes them when CH_STREAM_KEY is set).
 */
export function workerModules(streams: boolean) {
  return [
    AuthModule,
    ResearchCoreModule.forRoot(RESEARCH_PLUGINS_IN_USE),
    DocumentsCoreModule,
    RestructuringCoreModule,
    UsEquityCoreModule,
    StreamModule.forRoot(streams, watchlistStreamAlerts),
  ];
}
