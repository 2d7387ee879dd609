import { Module } from '@nestjs/common';
import { ConvertQueryController } from './convert-query.controller.js';
import { LenderDetailService } from '../../platform/register/views/lender-detail.service.js';
import { ScreenerController } from './screener.controller.js';
import { ScreenerMemory } from './screener-memory.service.js';
import { ScreenerService } from './screener.service.js';

/** The companies screener, the creditors screener's three tabs, their exports and natural-language queries. */
@Module({
  controllers: [ScreenerController, ConvertQueryController],
  providers: [ScreenerService, LenderDetailService, ScreenerMemory],
  exports: [ScreenerMemory],
})
export class ScreenerModule {}
