import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import { amountWords, changeFact } from './common.js';

const source = { kind: 'filing' as const, company_number: '00123456', document_id: 'doc1', title: 'Accounts', page: 8 };
const line = (key: string, label: string, value: number): Fact => ({ key, label, value, unit: 'GBP', source });

describe('financial wording', () => {
  it('a deduction (printed in brackets) that grew shows a rise, as its amounts read', () => {
    const provisions = changeFact(
      line('balance_sheet.provisions@2025-12-31', 'Provisions for liabilities', -4_050_396),
      line('balance_sheet.provisions@2024-12-31', 'Provisions for liabilities', -2_102_100),
    );
    expect(provisions?.value).toBe(92.7);
    const cash = changeFact(line('cash@2025-12-31', 'Cash', 90), line('cash@2024-12-31', 'Cash', 100));
    expect(cash?.value).toBe(-10);
  });

  it('words a loss after its label as its amount', () => {
    expect(amountWords(line('netProfitLoss@2025-12-31', 'Loss for the financial year', -29_925_282))).toBe('£29,925,282');
    expect(amountWords(line('netProfitLoss@2025-12-31', 'Profit for the financial year', -5))).toBe('-£5');
  });
});
