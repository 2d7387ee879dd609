import { accountsImporter } from './accounts.importer.js';
import { chApiImporter } from './ch-api.importer.js';
import { companiesCsvImporter } from './companies-csv.importer.js';
import type { Importer } from './importer.js';
import { pscSnapshotImporter } from './psc-snapshot.importer.js';
import { secCompanyFactsImporter } from '../../us-equity/import/companyfacts.importer.js';
import { secSubmissionsImporter } from '../../us-equity/import/submissions.importer.js';
import { secTickersImporter } from '../../us-equity/import/tickers.importer.js';
import { secFilingImporter } from '../../us-equity/import/filing.importer.js';

/** Every import kind `credence-admin import <kind>` accepts. */
export const IMPORTERS: Record<string, Importer> = Object.fromEntries(
  [
    companiesCsvImporter,
    chApiImporter,
    pscSnapshotImporter,
    accountsImporter,
    secCompanyFactsImporter,
    secSubmissionsImporter,
    secTickersImporter,
    secFilingImporter,
  ].map((importer) => [importer.kind, importer]),
);
