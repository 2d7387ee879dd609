import { Module } from '@nestjs/common';
import { CreditsService } from './credits.service.js';

/** Research credits: one allowance per account, reserved before paid work (the research features and credence-admin). */
@Module({ providers: [CreditsService], exports: [CreditsService] })
export class CreditsModule {}
