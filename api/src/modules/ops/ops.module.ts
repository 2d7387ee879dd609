import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { LocalOpsBackend } from './backend/local-backend.js';
import { OPS_BACKEND } from './backend/ops-backend.js';
import { OpsActionsService } from './ops-actions.service.js';
import { OpsWatchController } from './ops-watch.controller.js';
import { OpsController } from './ops.controller.js';
import { OpsService } from './ops.service.js';

/** The ops tools (spec 1, docs/architecture.md 11): instance manager, log and screen monitor. */
@Module({
  controllers: [OpsController, OpsWatchController],
  providers: [
    {
      provide: OPS_BACKEND,
      inject: [APP_CONFIG],
      // The AWS SDK is loaded only for OPS_BACKEND=aws (its clients take seconds to import on a busy machine).
      useFactory: async ({ ops }: AppConfig) => {
        if (!ops.aws) return new LocalOpsBackend(ops);
        const { AwsOpsBackend } = await import('./aws/aws-backend.js');
        return new AwsOpsBackend({ ...ops, aws: ops.aws });
      },
    },
    OpsActionsService,
    OpsService,
  ],
})
export class OpsModule {}
