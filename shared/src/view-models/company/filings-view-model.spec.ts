import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import { pendingClient, settle } from '../testing/fakes.js';
import { filing } from './fixtures.js';
import { createFilingsViewModel, filingDocumentFileName, FILINGS_TEXTS, groupFilings } from './filings-view-model.js';

const NOW = new Date('2025-06-01T00:00:00Z');

const BY_CATEGORY = {
  officers: [
    filing({
      transaction_id: 'o-old',
      category: 'officers',
      date: '2020-01-05',
      long_description: 'Appointment of Jane Doe as a director on 5 January 2020',
    }),
    filing({
      transaction_id: 'o-new',
      category: 'officers',
      date: '2024-03-01',
      description: 'termination-director-company-with-name-termination-date',
      description_values: { officer_name: 'John Roe', termination_date: '2024-03-01' },
    }),
  ],
  accounts: [
    filing({ transaction_id: 'a-undated', category: 'accounts', long_description: 'Accounts' }),
    filing({
      transaction_id: 'a-2023',
      category: 'accounts',
      date: '2023-09-30',
      long_description: 'Full accounts made up to 31 December 2022',
      document_id: 'DOC1',
    }),
  ],
};

describe('groupFilings', () => {
  it('groups by category A-Z, newest first inside each, undated last', () => {
    const groups = groupFilings(BY_CATEGORY, NOW);
    expect(groups.map((g) => g.category)).toEqual(['accounts', 'officers']);
    expect(groups.map((g) => g.entries.map((e) => e.filing.transaction_id))).toEqual([
      ['a-2023', 'a-undated'],
      ['o-new', 'o-old'],
    ]);
    expect(groups.flatMap((g) => g.entries.map((e) => e.index))).toEqual([0, 1, 2, 3]);
  });

  it('labels "category: date - description" cut at 30 characters plus "..."', () => {
    const [accounts, officers] = groupFilings(BY_CATEGORY, NOW);
    expect(accounts.entries[0].label).toBe('accounts: 30/09/2023 - Full ac...');
    expect(accounts.entries[1].label).toBe('accounts: N/A - Accounts');
    // under its category's heading a filing keeps its date and more of its words
    expect(accounts.entries[0].datedLabel).toBe('30/09/2023 - Full accounts mad...');
    expect(officers.entries[0].datedLabel).toBe('01/03/2024 - Termination of ap...');
    expect(officers.entries[0].description).toBe('Termination of appointment of John Roe as a director on 1 March 2024');
  });

  it('names the document file get_filing_pdf takes', () => {
    expect(filingDocumentFileName({ document_id: 'DOC1' })).toBe('DOC1.pdf');
    expect(filingDocumentFileName({ document_id: null })).toBeNull();
  });
});

describe('filings view model', () => {
  function setup() {
    const fake = pendingClient();
    return { model: createFilingsViewModel({ client: fake.client, now: () => NOW }), ...fake };
  }

  it('loads, selects the first filing and moves the selection within the list', async () => {
    const { model, callsOf } = setup();
    model.load('00000001');
    expect(model.getState()).toMatchObject({ status: 'loading', companyNumber: '00000001' });
    callsOf('filings')[0].answer.resolve(BY_CATEGORY);
    await settle();
    expect(model.getState()).toMatchObject({ status: 'ready', selectedIndex: 0, message: null });
    model.moveSelection(2);
    expect(model.selected()?.filing.transaction_id).toBe('o-new');
    model.moveSelection(9);
    expect(model.getState().selectedIndex).toBe(3);
    expect(model.selectTransaction('a-undated')).toBe(true);
    expect(model.getState().selectedIndex).toBe(1);
    expect(model.selectTransaction('missing')).toBe(false);
  });

  it('does not load the same company twice unless forced', () => {
    const { model, callsOf } = setup();
    model.load('00000001');
    model.load('00000001');
    expect(callsOf('filings')).toHaveLength(1);
    model.load('00000001', { force: true });
    expect(callsOf('filings')).toHaveLength(2);
  });

  it('says "Failed to load filings." on failure and "not found" for an unknown company', async () => {
    const { model, callsOf } = setup();
    model.load('00000001');
    callsOf('filings')[0].answer.reject(new ApiError({ status: 500, error: 'x', call: 'GET /api/x' }));
    await settle();
    expect(model.getState()).toMatchObject({ status: 'error', error: FILINGS_TEXTS.failed, message: FILINGS_TEXTS.failed });
    model.load('99999999');
    callsOf('filings')[1].answer.reject(new ApiError({ status: 404, error: 'x', call: 'GET /api/x' }));
    await settle();
    expect(model.getState().error).toBe('Company with number 99999999 not found.');
  });

  it('shows the empty text when a company has no filings', async () => {
    const { model, callsOf } = setup();
    model.load('00000001');
    callsOf('filings')[0].answer.resolve({});
    await settle();
    expect(model.getState()).toMatchObject({ status: 'ready', entries: [], selectedIndex: -1, message: FILINGS_TEXTS.empty });
  });

  it('ignores the answer for a company that is no longer shown', async () => {
    const { model, callsOf } = setup();
    model.load('00000001');
    model.load('00000002');
    callsOf('filings')[0].answer.resolve(BY_CATEGORY);
    await settle();
    expect(model.getState()).toMatchObject({ companyNumber: '00000002', status: 'loading', entries: [] });
  });
});
