import { accountsImporter } from './accounts.importer.js';
import { chApiImporter } from './ch-api.importer.js';
import { companiesCsvImporter } from './companies-csv.importer.js';
import type { Importer } from '../../../core/import/importer.js';
import { pscSnapshotImporter } from './psc-snapshot.importer.js';

/** The UK register's import kinds (registered with the others in api/src/bin/importers.ts). */
export const UK_IMPORTERS: readonly Importer[] = [companiesCsvImporter, chApiImporter, pscSnapshotImporter, accountsImporter];
