import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { ChargeView, DocumentSummaryView, FinancialSummary } from '../../contracts/uk-companies.js';
import { capitalSummary } from '../../rules/uk/capital.js';
import { insights, overview } from './fixtures.js';
import { availableSections, COMPANY_SECTIONS, isCompanySectionId, sectionOfAnchor } from './sections.js';

const ids = (o: ReturnType<typeof overview>) => availableSections(o).map((s) => s.id);

describe('company sections', () => {
  it('lists the sidebar sections of spec 2 2.4 with the anchors of 2.5', () => {
    expect(COMPANY_SECTIONS.map((s) => s.id)).toEqual([
      'overview',
      'profile',
      'financials',
      'officers',
      'pscs',
      'charges',
      'capital',
      'compliance',
      'risk',
      'auditor',
      'filings',
    ]);
    const anchors = COMPANY_SECTIONS.flatMap((s) => s.anchors);
    for (const anchor of [
      'financial-summary',
      'company-profile',
      'business-overview',
      'key-financials',
      'officers',
      'key-highlights',
      'charges',
      'capital-overview',
      'risk-profile',
      'confirmation-statement',
      'auditor-profile',
    ]) {
      expect(anchors).toContain(anchor);
    }
    expect(sectionOfAnchor('confirmation-statement')).toBe('compliance');
    expect(sectionOfAnchor('nope')).toBeNull();
    expect(isCompanySectionId('pscs')).toBe(true);
    expect(isCompanySectionId('kpis')).toBe(false);
  });

  it('shows only the sections that always apply when the company has no data', () => {
    expect(ids(overview())).toEqual(['overview', 'profile', 'officers', 'pscs', 'compliance', 'filings']);
    expect(availableSections(null)).toEqual([]);
  });

  it('shows financials with a summary, charges with a charge, capital with capital filings', () => {
    const o = overview({
      financial_summary: {} as FinancialSummary,
      charges: { charges: [{ charge_id: 'c1' } as ChargeView] },
      insights: insights({ capital: capitalSummary([]) }),
    });
    expect(ids(o)).toEqual(['overview', 'profile', 'financials', 'officers', 'pscs', 'charges', 'capital', 'compliance', 'filings']);
  });

  it('shows risk with risks and the auditor when a name or an opinion exists', () => {
    const summary = {
      riskOverview: [{ riskCategory: 'Financial', riskDescription: 'x', pageNumbers: [] }],
      auditorOpinion: { value: null },
    } as unknown as DocumentSummaryView;
    expect(ids(overview({ document_summary: summary }))).toContain('risk');
    expect(ids(overview({ document_summary: summary }))).not.toContain('auditor');
    expect(ids(overview({ document_summary: { ...summary, auditorOpinion: { value: 'Unqualified' } } }))).toContain('auditor');
    expect(ids(overview({ document_metadata: { additionalDetails: { auditor: { name: 'KPMG LLP' } } } }))).toContain('auditor');
  });
});
