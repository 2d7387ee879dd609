import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { MAX_NATURAL_QUERY_LENGTH } from '@credence/shared';
import { IsFilled } from '../../../core/validation/decorators.js';

export const CONVERT_QUERY_MESSAGES = {
  empty: 'Please enter a query',
  tooLong: `The query must be at most ${MAX_NATURAL_QUERY_LENGTH} characters`,
} as const;

/** POST companies_house/convert-query-to-filters. */
export class ConvertQueryDto {
  @ApiProperty({
    example: 'manufacturing companies with turnover over £10m and at least 50 employees, filed in 2023',
    maxLength: MAX_NATURAL_QUERY_LENGTH,
  })
  @MaxLength(MAX_NATURAL_QUERY_LENGTH, { message: CONVERT_QUERY_MESSAGES.tooLong })
  @IsFilled(CONVERT_QUERY_MESSAGES.empty)
  @IsString({ message: CONVERT_QUERY_MESSAGES.empty })
  query!: string;
}
