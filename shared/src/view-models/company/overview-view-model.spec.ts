import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import { SAMPLE_DATA_NOTICE } from '../../contracts/uk-sample.js';
import type { ChargeView, OfficersResponse } from '../../contracts/uk-companies.js';
import { pendingClient, settle } from '../testing/fakes.js';
import { overview } from './fixtures.js';
import { createCompanyOverviewViewModel, EMPTY_OFFICERS, officersMessage, OVERVIEW_TEXTS, pscsMessage } from './overview-view-model.js';

const WITH_CHARGES = overview({ charges: { charges: [{ charge_id: 'c1' } as ChargeView] } });

function setup() {
  const fake = pendingClient();
  const model = createCompanyOverviewViewModel({ client: fake.client, now: () => new Date('2025-06-01T00:00:00Z') });
  return { model, ...fake };
}

async function opened(answer = WITH_CHARGES) {
  const s = setup();
  s.model.open(' 00000001 ');
  s.callsOf('overview')[0].answer.resolve(answer);
  await settle();
  return s;
}

describe('company overview view model', () => {
  it('starts with no company and loads the overview on open, filings only later', async () => {
    const { model, callsOf } = setup();
    expect(model.getState()).toMatchObject({ status: 'idle', companyNumber: null, sections: [] });
    model.open('00000001');
    expect(model.getState()).toMatchObject({ status: 'loading', companyNumber: '00000001', activeSection: 'overview' });
    expect(callsOf('filings')).toHaveLength(0);
    callsOf('overview')[0].answer.resolve(WITH_CHARGES);
    await settle();
    expect(model.getState().status).toBe('ready');
    expect(model.getState().sections.map((s) => s.id)).toEqual([
      'overview',
      'profile',
      'officers',
      'pscs',
      'charges',
      'compliance',
      'filings',
    ]);
    expect(model.getState().notice).toBeNull();
  });

  it('shows the sample-data notice for sample companies', async () => {
    const { model } = await opened(overview({ sample: true, notice: null }));
    expect(model.getState().notice).toBe(SAMPLE_DATA_NOTICE);
  });

  it('says "Failed to load company overview." on failure, "not found" on 404, and retries', async () => {
    const { model, callsOf } = setup();
    model.open('00000001');
    callsOf('overview')[0].answer.reject(new ApiError({ status: 500, error: 'x', call: 'GET /api/x' }));
    await settle();
    expect(model.getState()).toMatchObject({ status: 'error', error: OVERVIEW_TEXTS.failed });
    model.retry();
    expect(model.getState().status).toBe('loading');
    callsOf('overview')[1].answer.reject(new ApiError({ status: 404, error: 'x', call: 'GET /api/x' }));
    await settle();
    expect(model.getState().error).toBe('Company with number 00000001 not found.');
  });

  it('walks the available sections with next and previous, stopping at the ends', async () => {
    const { model } = await opened();
    model.previousSection();
    expect(model.getState().activeSection).toBe('overview');
    model.nextSection();
    model.nextSection();
    model.nextSection();
    model.nextSection();
    expect(model.getState().activeSection).toBe('charges');
    for (let i = 0; i < 10; i++) model.nextSection();
    expect(model.getState().activeSection).toBe('filings');
  });

  it('ignores a section the company has no data for', async () => {
    const { model } = await opened();
    model.setSection('capital');
    expect(model.getState().activeSection).toBe('overview');
  });

  it('opens on a requested section, falling back to overview when it has no data', async () => {
    const { model, callsOf } = setup();
    model.open('00000001', { section: 'risk' });
    expect(model.getState().activeSection).toBe('risk');
    callsOf('overview')[0].answer.resolve(WITH_CHARGES);
    await settle();
    expect(model.getState().activeSection).toBe('overview');
  });

  it('loads filings on the first visit to the filings section, once', async () => {
    const { model, callsOf } = await opened();
    model.setSection('filings');
    model.setSection('overview');
    model.setSection('filings');
    expect(callsOf('filings').map((c) => c.args[0])).toEqual(['00000001']);
    callsOf('filings')[0].answer.resolve({});
    await settle();
    expect(model.filings.getState().status).toBe('ready');
  });

  it('loads officers on the first visit to officers or PSCs; a failure means no officers and no PSCs', async () => {
    const { model, callsOf } = await opened();
    model.setSection('pscs');
    model.setSection('officers');
    expect(callsOf('officers')).toHaveLength(1);
    callsOf('officers')[0].answer.reject(new Error('down'));
    await settle();
    const slice = model.getState().officers;
    expect(slice).toEqual({ status: 'unavailable', data: EMPTY_OFFICERS });
    expect(officersMessage(slice)).toBe('Officer data not available');
    expect(pscsMessage(slice)).toBe('PSC data not available');
  });

  it('fills missing officer lists and says when there are none', async () => {
    const { model, callsOf } = await opened();
    model.loadOfficers();
    callsOf('officers')[0].answer.resolve({ officers: { data: [] }, psc: { individuals: [] } } as unknown as OfficersResponse);
    await settle();
    const slice = model.getState().officers;
    expect(slice.data.psc.statements).toEqual([]);
    expect(officersMessage(slice)).toBe('No officers to display');
    expect(pscsMessage(slice)).toBe('No PSCs to display');
  });

  it('loads the full statements on the first visit to financials, saying "Failed to fetch financial data" on failure', async () => {
    const { model, callsOf } = await opened(overview({ financial_summary: {} as never }));
    model.setSection('financials');
    model.setSection('overview');
    model.setSection('financials');
    expect(callsOf('aggregatedFinancials')).toHaveLength(1);
    callsOf('aggregatedFinancials')[0].answer.reject(new Error('x'));
    await settle();
    expect(model.getState().financials).toEqual({ status: 'error', data: null, error: 'Failed to fetch financial data' });
    model.loadFinancials();
    callsOf('aggregatedFinancials')[1].answer.resolve({ key_financials: [] });
    await settle();
    expect(model.getState().financials).toMatchObject({ status: 'ready', error: null });
  });

  it('keeps the expanded panels across sections and companies; exclusive panels close their group', async () => {
    const { model, callsOf } = await opened();
    model.togglePanel('charges:summary');
    model.togglePanel('leadership:director-activity', { exclusive: true });
    model.togglePanel('leadership:psc-activity', { exclusive: true });
    expect(model.getState().expandedPanels).toEqual(['charges:summary', 'leadership:psc-activity']);
    model.nextSection();
    model.open('00000002');
    expect(model.isExpanded('charges:summary')).toBe(true);
    model.togglePanel('charges:summary');
    expect(model.isExpanded('charges:summary')).toBe(false);
    model.setPanelExpanded('risk:summary', true);
    model.setPanelExpanded('risk:summary', true);
    expect(model.getState().expandedPanels).toEqual(['leadership:psc-activity', 'risk:summary']);
    expect(callsOf('overview')).toHaveLength(2);
  });

  it('ignores an overview answer for a company no longer open, and close returns to no company', async () => {
    const { model, callsOf } = setup();
    model.open('00000001');
    model.open('00000002');
    callsOf('overview')[0].answer.resolve(WITH_CHARGES);
    await settle();
    expect(model.getState()).toMatchObject({ companyNumber: '00000002', status: 'loading' });
    model.close();
    callsOf('overview')[1].answer.resolve(WITH_CHARGES);
    await settle();
    expect(model.getState()).toMatchObject({ companyNumber: null, status: 'idle', overview: null });
  });

  it('after dispose, start loads again what was loading (React StrictMode)', async () => {
    const { model, callsOf } = setup();
    model.open('00000001', { section: 'filings' });
    model.dispose();
    expect(callsOf('overview')[0].signal?.aborted).toBe(true);
    model.start();
    expect(callsOf('overview')).toHaveLength(2);
    expect(callsOf('filings')).toHaveLength(2);
    model.start();
    expect(callsOf('overview')).toHaveLength(2);
  });

  it('after dispose, start asks again for officers that were loading', async () => {
    const { model, callsOf } = await opened();
    model.setSection('officers');
    model.dispose();
    model.start();
    expect(callsOf('officers')).toHaveLength(2);
    expect(callsOf('officers')[0].signal?.aborted).toBe(true);
  });
});
