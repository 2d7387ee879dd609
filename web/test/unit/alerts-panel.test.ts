/**
 * An alert reads the same in the web's notifications panel and in `credence alerts` (issue 29 §5):
 * both from shared's alertView. Register text stays inert (control characters shown, no markup).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { alertCells, type Alert } from '@credence/shared';
import { AlertItem } from '../../src/features/alerts/alert-item.tsx';

const ALERT: Alert = {
  id: 3,
  kind: 'charge-created',
  company_number: '00445790',
  company_name: 'TESCO <b>PLC</b>\u001b[2J',
  watchlist: 'Borrowers',
  via: null,
  summary: 'Charge 004457900009 created on 2026-11-20; persons entitled: Shawbrook Bank Limited',
  published_at: '2026-11-28T09:01:00.000Z',
  source_url: 'https://find-and-update.company-information.service.gov.uk/company/00445790/charges/x',
  resource_uri: '/company/00445790/charges/x',
  created_at: '2026-11-28T09:01:02.000Z',
  read: false,
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe('the notifications panel row', () => {
  it('shows kind, company, what changed, published time and the source link, as the terminal does', () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(AlertItem, { alert: ALERT, onRead: () => undefined })),
    );
    const [kind, company, change, published, source] = alertCells(ALERT);
    const shown = text(html);
    for (const part of [kind, company, change, `published ${published}`, 'Mark read'])
      assert.ok(shown.includes(part), `${part} in ${shown}`);
    assert.ok(html.includes(`href="${source}"`));
    assert.ok(!html.includes('<b>'), 'register text is not markup');
    assert.ok(shown.includes('^[[2J'), 'control characters shown');
    const read = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(AlertItem, { alert: { ...ALERT, read: true }, onRead: () => undefined })),
    );
    assert.ok(!text(read).includes('Mark read'));
    assert.ok(!shown.includes('via '), 'a company on the list itself needs no reason');
    const viaLender = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(AlertItem, { alert: { ...ALERT, via: 'lender Barclays Bank PLC' }, onRead: () => undefined }),
      ),
    );
    assert.ok(text(viaLender).includes('via lender Barclays Bank PLC'), 'says why it reached the user');
  });
});
