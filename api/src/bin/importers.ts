import { importerRegistry } from '../core/import/importer-registry.js';
import { UK_IMPORTERS } from '../modules/companies-house/import/importers.js';
import { US_IMPORTERS } from '../modules/us-equity/import/importers.js';

/** Every import kind `credence-admin import <kind>` accepts: one line per feature that imports data. */
export const IMPORTERS = importerRegistry(UK_IMPORTERS, US_IMPORTERS);
