import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from './core/config/config.js';
import { coreModules } from './core-modules.js';
import { HealthController } from './core/health/health.controller.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { SalesModule } from './modules/sales/sales.module.js';
import { CompaniesHouseModule } from './modules/companies-house/companies-house.module.js';
import { ScreenerModule } from './modules/screener/screener.module.js';
import { ResearchCoreModule, ResearchModule } from './modules/research/research.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { RestructuringModule } from './modules/restructuring/restructuring.module.js';
import { UsEquityModule } from './modules/us-equity/us-equity.module.js';
import { OpsModule } from './modules/ops/ops.module.js';
import { McpModule } from './modules/mcp/mcp.module.js';
import { RESEARCH_PLUGINS_IN_USE } from './research-plugins.js';
import { StreamModule } from './modules/companies-house/stream/stream.module.js';
import { WatchlistsModule } from './modules/watchlists/watchlists.module.js';
import { watchlistStreamAlerts } from './modules/watchlists/alerts/stream-alerts.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(config, dataSource),
        AuthModule,
        SalesModule,
        CompaniesHouseModule,
        ScreenerModule,
        ResearchCoreModule.forRoot(RESEARCH_PLUGINS_IN_USE),
        ResearchModule,
        DocumentsModule,
        RestructuringModule,
        UsEquityModule,
        OpsModule,
        McpModule,
        WatchlistsModule,
        // Without Redis the API is the one process: it consumes the streams; with Redis the worker does.
        StreamModule.forRoot(!config.redisUrl && config.runJobs, watchlistStreamAlerts),
      ],
      controllers: [HealthController],
    };
  }
}
