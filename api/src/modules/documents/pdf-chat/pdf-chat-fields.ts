/**
 * The fields of a PDF chat request: multipart/form-data (spec 3 sends these calls as forms) or
 * JSON, validated against the DTO (whitelisted). A form's `thoughtProcess` is a JSON array of
 * strings (or one step per repeated field). A form carries no files here: they are uploaded first.
 */
import { BadRequestException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { firstValidationMessage } from '../../../core/errors/validation.js';
import { PLAN_STEPS_MAX } from './pdf-chat.dto.js';

async function formFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await part.toBuffer().catch(() => undefined);
        throw new BadRequestException('This call takes no files: upload the PDFs with upload_pdf first, then name one in fileName.');
      }
      const value = String(part.value);
      if (part.fieldname === 'thoughtProcess') {
        const steps = (fields.thoughtProcess as string[] | undefined) ?? [];
        fields.thoughtProcess = [...steps, ...planSteps(value)];
      } else if (part.fieldname in fields) {
        throw new BadRequestException(`${part.fieldname} is in the form twice.`);
      } else fields[part.fieldname] = value;
    }
  } catch (error) {
    if (error instanceof BadRequestException) throw error;
    throw new BadRequestException(`The form could not be read as multipart/form-data: ${(error as Error).message}`);
  }
  return fields;
}

/** A form's plan: a JSON array of strings, or one step. */
function planSteps(value: string): unknown[] {
  const text = value.trim();
  if (!text.startsWith('[')) return [value];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // not JSON: refused below as a step list
  }
  throw new BadRequestException('thoughtProcess must be a list of steps (a JSON array of strings)');
}

export async function readPdfChatFields<T extends object>(request: FastifyRequest, dtoClass: ClassConstructor<T>): Promise<T> {
  const raw = request.isMultipart() ? await formFields(request) : request.body;
  const plain = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  const dto = plainToInstance(dtoClass, plain);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  if (errors.length) throw new BadRequestException(firstValidationMessage(errors));
  const plan = (dto as { thoughtProcess?: unknown[] }).thoughtProcess;
  if (plan && plan.length > PLAN_STEPS_MAX) throw new BadRequestException(`thoughtProcess must have at most ${PLAN_STEPS_MAX} steps`);
  return dto;
}
