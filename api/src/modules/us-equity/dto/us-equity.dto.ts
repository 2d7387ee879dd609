import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsCik } from '../../../core/validation/decorators.js';

export class UsCompanyIdQuery {
  @ApiProperty({ description: 'The SEC CIK (with or without leading zeros)', example: '320193' })
  @IsCik('company_id')
  @IsString({ message: 'company_id is required: the SEC CIK of the company' })
  company_id!: string;
}

export class UsKpiTableQuery extends UsCompanyIdQuery {
  @ApiPropertyOptional({
    description: 'annual (fiscal years) or quarterly (discrete fiscal quarters); 10-K and 10-Q are accepted',
    default: 'annual',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20, { message: 'document_category must be annual or quarterly' })
  document_category?: string;

  @ApiProperty({
    description: 'Income Statement, Balance Sheet, Cash Flow, Per Share, Margins and Returns or Growth',
    example: 'Income Statement',
  })
  @IsString({ message: 'table_name is required: Income Statement, Balance Sheet, Cash Flow, Per Share, Margins and Returns or Growth' })
  @MaxLength(64, { message: 'table_name must be at most 64 characters' })
  table_name!: string;
}

export class UsKpiValueQuery {
  @ApiProperty({ example: '320193' })
  @IsCik('cik')
  @IsString({ message: 'cik is required: the SEC CIK of the company' })
  cik!: string;

  @ApiPropertyOptional({ description: 'annual or quarterly (the category of the table the cell is in)' })
  @IsOptional()
  @IsString()
  @MaxLength(20, { message: 'doc_cg must be annual or quarterly' })
  doc_cg?: string;

  @ApiProperty({ description: "A table cell's kpi_value_id", example: 'revenue@FY2023' })
  @IsString({ message: "kv_id is required: a table cell's kpi_value_id such as revenue@FY2023" })
  @Matches(/^[a-z0-9_]{1,64}@(FY\d{4}|\d{4}Q[1-4])$/, {
    message: "kv_id must be a table cell's kpi_value_id such as revenue@FY2023 or revenue@2023Q4",
  })
  kv_id!: string;
}

export class UsCompaniesQuery {
  @ApiPropertyOptional({ description: 'Fuzzy over name, ticker and CIK (threshold 0.3)', example: 'apple' })
  @IsOptional()
  @IsString()
  @MaxLength(160, { message: 'search must be at most 160 characters' })
  search?: string;

  @ApiPropertyOptional({ description: 'Companies to answer (1-20000); all when absent' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 20000' })
  @Min(1, { message: 'limit must be a whole number from 1 to 20000' })
  @Max(20000, { message: 'limit must be a whole number from 1 to 20000' })
  limit?: number;
}

export class UsCompanyQuery {
  @ApiProperty({ description: 'A CIK or a ticker', example: 'AAPL' })
  @IsString({ message: 'company is required: a CIK or a ticker' })
  @IsCik('company', { alsoTicker: true })
  company!: string;
}

export class UsRequestQuery {
  @ApiProperty({ example: '320193' })
  @IsCik('cik_str')
  @IsString({ message: 'cik_str is required: the SEC CIK of the company to add' })
  cik_str!: string;
}

export class UsDownloadQuery {
  @ApiProperty({ example: '320193' })
  @IsCik('cik')
  @IsString({ message: 'cik is required: the SEC CIK of the company' })
  cik!: string;

  @ApiPropertyOptional({ description: 'Names the file', example: 'AAPL' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9.-]{0,12}$/, { message: 'company_ticker must be a ticker such as AAPL' })
  company_ticker?: string;
}
