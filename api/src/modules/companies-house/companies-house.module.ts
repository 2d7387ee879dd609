import { Module } from '@nestjs/common';
import { CompaniesHouseController } from './companies-house.controller.js';
import { CompaniesHouseService } from './companies-house.service.js';
import { CompaniesRepository } from '../../platform/register/companies.repository.js';
import { CompanySearchRepository } from '../../platform/register/company-search.repository.js';
import { FilingDocumentsService } from './filing-documents.service.js';

@Module({
  controllers: [CompaniesHouseController],
  providers: [CompaniesHouseService, CompaniesRepository, CompanySearchRepository, FilingDocumentsService],
  exports: [CompaniesHouseService, CompaniesRepository],
})
export class CompaniesHouseModule {}
