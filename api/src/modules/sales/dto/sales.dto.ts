import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { HELP_MAX_COMPANIES, HELP_MESSAGES, HELP_REQUEST_TYPES } from '@credence/shared';

const text = (field: string, max = 200) => [
  IsOptional(),
  IsString({ message: `${field} must be text` }),
  MaxLength(max, { message: `${field} must be at most ${max} characters` }),
];

function Text(field: string, max?: number) {
  return (target: object, property: string) => text(field, max).forEach((d) => d(target, property));
}

export class SalesMetadataDto {
  @Text('sales_metadata.userAgent', 500) userAgent?: string;
  @Text('sales_metadata.language', 50) language?: string;
  @Text('sales_metadata.screenResolution', 50) screenResolution?: string;
  @Text('sales_metadata.windowSize', 50) windowSize?: string;
  @Text('sales_metadata.clientTimestamp', 50) clientTimestamp?: string;
  @Text('sales_metadata.referrer', 2000) referrer?: string;
  @Text('sales_metadata.pageUrl', 2000) pageUrl?: string;
}

/**
 * Free-trial and pricing forms. Types are checked here; the spec's per-field messages (every field
 * at once) come from the shared rule in the service.
 */
export class SalesRequestDto {
  @ApiProperty() @Text('full_name') full_name?: string;
  @ApiProperty() @Text('email', 254) email?: string;
  @ApiProperty() @Text('company_name') company_name?: string;
  @ApiProperty() @Text('job_role') job_role?: string;
  @ApiPropertyOptional() @Text('business_challenge', 5000) business_challenge?: string;

  @ApiPropertyOptional({ type: SalesMetadataDto })
  @IsOptional()
  @IsObject({ message: 'sales_metadata must be an object' })
  @ValidateNested()
  @Type(() => SalesMetadataDto)
  sales_metadata?: SalesMetadataDto;
}

export class CompanyRowDto {
  @ApiProperty() @Text('companies.number', 20) number?: string;
  @ApiProperty() @Text('companies.name') name?: string;
}

export class SubjectMessageDto {
  @ApiProperty() @Text('subject') subject?: string;
  @ApiProperty() @Text('message', 5000) message?: string;
}

export class HelpRequestDto {
  @ApiPropertyOptional({ enum: HELP_REQUEST_TYPES })
  @IsOptional()
  @IsIn(HELP_REQUEST_TYPES, { message: `type must be one of ${HELP_REQUEST_TYPES.join(', ')}` })
  type?: string;

  @ApiPropertyOptional({ type: [CompanyRowDto] })
  @IsOptional()
  @IsArray({ message: 'companies must be a list of {number, name}' })
  @ArrayMaxSize(HELP_MAX_COMPANIES, { message: HELP_MESSAGES.tooManyCompanies })
  @ValidateNested({ each: true })
  @Type(() => CompanyRowDto)
  companies?: CompanyRowDto[];

  @ApiPropertyOptional({ type: SubjectMessageDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SubjectMessageDto)
  feature?: SubjectMessageDto;

  @ApiPropertyOptional({ type: SubjectMessageDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SubjectMessageDto)
  feedback?: SubjectMessageDto;
}
