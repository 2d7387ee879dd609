import { BadRequestException, Body, Controller, HttpCode } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { convertQueryToFilters, type ConvertQueryResponse } from '@credence/shared';
import { Route } from '../../core/contracts/route.js';
import { firstValidationMessage } from '../../core/errors/validation.js';
import { PerUserRateLimit } from '../../core/rate-limit/user-rate-limit.js';
import { ConvertQueryDto } from './dto/convert-query.dto.js';

/**
 * Plain-English screener queries → companies-screener filters, by the built-in parser in shared
 * (no model, no database). Signed-in users only, through the global guard.
 */
@ApiTags('Screeners')
@ApiBearerAuth()
@Controller()
export class ConvertQueryController {
  @Route('POST companies_house/convert-query-to-filters')
  @HttpCode(200)
  @PerUserRateLimit('query')
  @ApiBody({ type: ConvertQueryDto })
  @ApiOperation({
    summary: 'Turn a plain-English query into companies-screener filters, with an explanation and the words it could not place',
  })
  convert(@Body() body: { query: string }): ConvertQueryResponse {
    // Validated here rather than by the global pipe (the declared type is the route table's; the
    // body may be anything) so that failures carry the screener routes' `{status: 'error', message,
    // error}` shape (spec 2 section 7).
    const dto = plainToInstance(ConvertQueryDto, typeof body === 'object' && body !== null ? body : {});
    const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    if (errors.length) {
      const message = firstValidationMessage(errors);
      throw new BadRequestException({ status: 'error', message, error: message, statusCode: 400 });
    }
    return { status: 'success', ...convertQueryToFilters(dto.query) };
  }
}
