import type { Importer } from '../../../core/import/importer.js';
import { secCompanyFactsImporter } from './companyfacts.importer.js';
import { secFilingImporter } from './filing.importer.js';
import { secSubmissionsImporter } from './submissions.importer.js';
import { secTickersImporter } from './tickers.importer.js';

/** The SEC import kinds (registered with the others in api/src/bin/importers.ts). */
export const US_IMPORTERS: readonly Importer[] = [secCompanyFactsImporter, secSubmissionsImporter, secTickersImporter, secFilingImporter];
