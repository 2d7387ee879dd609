import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const COMPANY_NUMBER = /^\s*[A-Za-z]{0,2}\s*\d{1,8}\s*$/;
const COMPANY_NUMBER_MESSAGE = '$property must be a Companies House company number such as 00445790 or SC123456';

export class SearchCompaniesQuery {
  @ApiProperty({ description: 'Name, company number or registered postcode', example: 'britannia eng' })
  @IsString()
  @MaxLength(160, { message: 'query must be at most 160 characters' })
  query!: string;

  @ApiPropertyOptional({ description: 'Results to answer (1-100)', default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;
}

export class CompanyListQuery {
  @ApiPropertyOptional({ description: 'Companies to answer (1-200)', default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 200' })
  @Min(1, { message: 'limit must be a whole number from 1 to 200' })
  @Max(200, { message: 'limit must be a whole number from 1 to 200' })
  limit?: number;
}

export class CompanyNumberQuery {
  @ApiProperty({ example: '00123456' })
  @Matches(COMPANY_NUMBER, { message: COMPANY_NUMBER_MESSAGE })
  @IsString({ message: 'company_number is required' })
  company_number!: string;
}

export class FinancialsQuery extends CompanyNumberQuery {
  @ApiPropertyOptional({ default: 'AA', description: 'Filing type of the accounts document' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z0-9]{1,10}$/, { message: 'document_category must be a filing type such as AA' })
  document_category?: string;

  @ApiPropertyOptional({ description: 'One accounts document (its id, optionally with .pdf): only that year' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_.-]{1,200}$/, { message: "file_name must be a document id such as the one in a filing's s3_path" })
  file_name?: string;
}

export class FilingPdfQuery extends CompanyNumberQuery {
  @ApiPropertyOptional({ example: 'AA' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z0-9]{1,10}$/, { message: 'filing_type must be a filing type such as AA' })
  filing_type?: string;

  @ApiProperty({ description: "The document id plus .pdf (the file part of a filing's s3_path)" })
  @Matches(/^[A-Za-z0-9_.-]{1,200}$/, { message: "file_name must be a document id plus .pdf, as in a filing's s3_path" })
  @IsString({ message: 'file_name is required' })
  file_name!: string;
}

export class CompanyIdQuery {
  @ApiProperty({ example: '00123456', description: 'The company number' })
  @Matches(COMPANY_NUMBER, { message: '$property must be a Companies House company number such as 00445790 or SC123456' })
  @IsString({ message: 'company_id is required' })
  company_id!: string;
}

export const KPI_TABLES = ['balance_sheet', 'income_statement', 'cash_flow', 'key_financials', 'financial_summary'] as const;

export class KpiTableQuery extends CompanyIdQuery {
  @ApiPropertyOptional({ default: 'AA' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z0-9]{1,10}$/, { message: 'document_category must be a filing type such as AA' })
  document_category?: string;

  @ApiProperty({ enum: KPI_TABLES })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsIn(KPI_TABLES, { message: `table_name must be one of ${KPI_TABLES.join(', ')}` })
  table_name!: (typeof KPI_TABLES)[number];
}

export class IndexCompanyBody {
  @ApiProperty({ example: '00123456', description: 'The company number' })
  @Matches(COMPANY_NUMBER, { message: '$property must be a Companies House company number such as 00445790 or SC123456' })
  @IsString({ message: 'company_id is required' })
  company_id!: string;
}
