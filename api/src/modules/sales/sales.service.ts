import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import {
  HELP_MESSAGES,
  SALES_MESSAGES,
  helpRequestError,
  helpRequestType,
  normalizeEmail,
  salesFormErrors,
  type HelpRequestInput,
  type MessageResponse,
} from '@credence/shared';
import type { HelpRequestDto, SalesRequestDto } from './dto/sales.dto.js';
import { HelpRequest } from './help-request.entity.js';
import { SalesRequest, type SalesRequestKind } from './sales-request.entity.js';

const DUPLICATE: Record<SalesRequestKind, string> = { trial: SALES_MESSAGES.salesDuplicate, pricing: SALES_MESSAGES.pricingDuplicate };
const SUBMITTED: Record<SalesRequestKind, string> = { trial: SALES_MESSAGES.salesSubmitted, pricing: SALES_MESSAGES.pricingSubmitted };

/** The type the client named when that part is present; otherwise the spec's rule (first part present). */
function storedHelpType(given: string | undefined, input: HelpRequestInput): HelpRequest['type'] {
  const present = given && (input as Record<string, unknown>)[given] !== undefined;
  return present ? (given as HelpRequest['type']) : helpRequestType(input);
}

@Injectable()
export class SalesService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async submit(kind: SalesRequestKind, dto: SalesRequestDto): Promise<MessageResponse> {
    const errors = salesFormErrors(dto);
    const first = Object.values(errors)[0];
    if (first) throw new BadRequestException({ message: first, errors });
    const repo = this.db.getRepository(SalesRequest);
    try {
      await repo.insert({
        kind,
        fullName: dto.full_name!.trim(),
        email: normalizeEmail(dto.email!),
        companyName: dto.company_name!.trim(),
        jobRole: dto.job_role!.trim(),
        businessChallenge: dto.business_challenge?.trim() || null,
        metadata: { ...(dto.sales_metadata ?? {}) },
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error as unknown as { code?: string }).code === '23505') {
        throw new ConflictException(DUPLICATE[kind]);
      }
      throw error;
    }
    return { message: SUBMITTED[kind] };
  }

  async help(dto: HelpRequestDto, userId: string): Promise<MessageResponse> {
    const input = dto as HelpRequestInput;
    const problem = helpRequestError(input);
    if (problem) throw new BadRequestException(problem);
    const payload: Record<string, unknown> = {};
    if (dto.companies) payload.companies = dto.companies.map((c) => ({ number: c.number!.trim(), name: c.name!.trim() }));
    if (dto.feature) payload.feature = { subject: dto.feature.subject!.trim(), message: dto.feature.message!.trim() };
    if (dto.feedback) payload.feedback = { subject: dto.feedback.subject!.trim(), message: dto.feedback.message!.trim() };
    await this.db.getRepository(HelpRequest).insert({ userId, type: storedHelpType(dto.type, input), payload: payload as never });
    return { message: HELP_MESSAGES.submitted };
  }
}
