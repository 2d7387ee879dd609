import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';

const PAGE_MESSAGE = 'page must be a whole number from 1 to 100000';

/** `GET /api/research/page_text`: which page of which filing's document. */
export class PageTextQuery {
  @ApiProperty({ example: '00123456', description: 'The company number' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @Matches(/^[A-Z]{0,2}\d{1,8}$/, { message: 'company_number must be a Companies House company number such as 00445790 or SC123456' })
  @IsString({ message: 'company_number is required' })
  company_number!: string;

  @ApiProperty({ description: "The filing's document id (a citation's document_id)" })
  @Matches(/^[A-Za-z0-9_.-]{1,200}$/, { message: "document_id must be a filing's document id" })
  @IsString({ message: 'document_id is required' })
  document_id!: string;

  @ApiProperty({ description: 'The page, from 1', minimum: 1, example: 3 })
  @Type(() => Number)
  @IsInt({ message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @Max(100_000, { message: PAGE_MESSAGE })
  page!: number;
}
