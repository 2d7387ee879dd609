/** Reading a UK company tool's arguments safely (the generic readers are the platform's). */
import { normaliseCompanyNumber } from '../../../platform/register/company-search.repository.js';
import { ToolArgumentError } from '../../../platform/ai/engine/tool-args.js';

export { integerArg, stringArg, ToolArgumentError, yearsArg, YEARS_SCHEMA } from '../../../platform/ai/engine/tool-args.js';

export function companyNumberArg(args: Record<string, unknown>): string {
  const raw = args.company_number;
  const number = typeof raw === 'string' ? normaliseCompanyNumber(raw) : null;
  if (!number) throw new ToolArgumentError('company_number is required (a UK company number such as 00123456).');
  return number;
}

export const COMPANY_NUMBER_SCHEMA = { type: 'string', description: 'The UK company number, e.g. 00123456 or SC234567.' } as const;
