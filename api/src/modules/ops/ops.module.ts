import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { AwsOpsBackend } from './aws/aws-backend.js';
import { LocalOpsBackend } from './backend/local-backend.js';
import { OPS_BACKEND } from './backend/ops-backend.js';
import { OpsActionsService } from './ops-actions.service.js';
import { OpsWatchController } from './ops-watch.controller.js';
import { OpsController } from './ops.controller.js';
import { OpsService } from './ops.service.js';

/** The ops tools (spec 1, ARCHITECTURE.md 11): instance manager, log and screen monitor. */
@Module({
  controllers: [OpsController, OpsWatchController],
  providers: [
    {
      provide: OPS_BACKEND,
      inject: [APP_CONFIG],
      useFactory: ({ ops }: AppConfig) => (ops.aws ? new AwsOpsBackend({ ...ops, aws: ops.aws }) : new LocalOpsBackend(ops)),
    },
    OpsActionsService,
    OpsService,
  ],
})
export class OpsModule {}
