import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  alertCells,
  alertSourceUrl,
  alertView,
  companyNumbersFromCsv,
  parseSince,
  unreadBadge,
  watchedCompanyNumber,
} from './watchlists.js';
import type { Alert } from '../contracts/watchlists.js';

const CH = 'https://find-and-update.company-information.service.gov.uk';

describe('watchlists: company numbers, CSV, --since, sources', () => {
  it('reads company numbers as Companies House writes them', () => {
    expect(watchedCompanyNumber(' 445790 ')).toBe('00445790');
    expect(watchedCompanyNumber('sc123456')).toBe('SC123456');
    expect(watchedCompanyNumber('SC12345')).toBeNull();
    expect(watchedCompanyNumber('0044579012')).toBeNull();
  });

  it('takes the company_number column of a CSV, or the first column when there is no header', () => {
    expect(companyNumbersFromCsv('name,company_number\nA,00445790\nB,"SC123456"\nC,bad\n\n')).toEqual({
      numbers: ['00445790', 'SC123456'],
      bad: ['bad'],
    });
    expect(companyNumbersFromCsv('445790\r\n00445790\r\nSC123456')).toEqual({ numbers: ['00445790', 'SC123456'], bad: [] });
  });

  it('reads --since as a span back from now or a date, and nothing else', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(parseSince('1d', now)?.toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(parseSince('30m', now)?.toISOString()).toBe('2026-11-29T11:30:00.000Z');
    expect(parseSince('2026-11-01', now)?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseSince('yesterday', now)).toBeNull();
    expect(parseSince('1y', now)).toBeNull();
  });

  it('links each alert to the record or filing on the register', () => {
    expect(alertSourceUrl('00000006', '/company/00000006/charges/abc')).toBe(`${CH}/company/00000006/charges/abc`);
    expect(alertSourceUrl('00000006', '/company/00000006/filing-history/MzI4')).toBe(
      `${CH}/company/00000006/filing-history/MzI4/document?format=pdf`,
    );
    expect(alertSourceUrl('00000006', '/company/00000006/appointments/x')).toBe(`${CH}/company/00000006/officers`);
    expect(alertSourceUrl('00000006', '/company/00000006/insolvency')).toBe(`${CH}/company/00000006/insolvency`);
    expect(alertSourceUrl('00000006', null)).toBe(`${CH}/company/00000006`);
  });

  it("shows an alert's register text inert (control characters visible)", () => {
    const cells = alertCells({
      id: 1,
      kind: 'officer-resigned',
      company_number: '00000006',
      company_name: 'EVIL\u001b[2J LTD',
      watchlist: 'Borrowers',
      via: null,
      summary: 'REID, Fiona\u0007 resigned on 2026-11-26',
      published_at: '2026-11-28T09:01:00.000Z',
      source_url: `${CH}/company/00000006/officers`,
      resource_uri: null,
      created_at: '2026-11-28T09:01:01.000Z',
      read: false,
    });
    expect(cells).toEqual([
      'Officer resigned',
      '00000006 EVIL^[[2J LTD',
      'REID, Fiona^G resigned on 2026-11-26',
      '2026-11-28 09:01',
      `${CH}/company/00000006/officers`,
    ]);
  });

  it('reads an alert one way for the web and the terminal: kind, company, change, published time, source, unread', () => {
    const alert: Alert = {
      id: 7,
      kind: 'charge-created',
      company_number: '00445790',
      company_name: 'TESCO PLC',
      watchlist: 'Borrowers',
      via: null,
      summary: 'Charge 004457900009 created',
      published_at: null,
      source_url: `${CH}/company/00445790/charges/x`,
      resource_uri: null,
      created_at: '2026-11-28T09:01:01.000Z',
      read: false,
    };
    const view = alertView(alert);
    expect(view).toEqual(
      expect.objectContaining({
        kind: 'New charge',
        company: '00445790 TESCO PLC',
        change: 'Charge 004457900009 created',
        published: 'time not published',
        via: null,
        unread: true,
      }),
    );
    // watched through a lender or a person: the alert says so, inert
    expect(alertView({ ...alert, via: 'lender EVIL\u0007 BANK' }).via).toBe('via lender EVIL^G BANK');
    expect([unreadBadge(0), unreadBadge(1), unreadBadge(12)]).toEqual([
      { badge: '', label: 'No unread alerts' },
      { badge: '1', label: '1 unread alert' },
      { badge: '9+', label: '12 unread alerts' },
    ]);
  });
});
