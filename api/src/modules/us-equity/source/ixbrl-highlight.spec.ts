import { describe, it } from 'node:test';
import { expect } from 'expect';
import { highlightFact } from './ixbrl-highlight.js';

const context = (id: string, period: string, segment = '') =>
  `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000320193</xbrli:identifier>${segment}</xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`;
const duration = (s: string, e: string) => `<xbrli:startDate>${s}</xbrli:startDate><xbrli:endDate>${e}</xbrli:endDate>`;
const nf = (name: string, ctx: string, id: string, shown: string, extra = '') =>
  `<ix:nonFraction unitRef="usd" contextRef="${ctx}" decimals="-6" name="${name}" format="ixt:num-dot-decimal" scale="6" id="${id}"${extra}>${shown}</ix:nonFraction>`;

/** A 10-K in the SEC's inline-XBRL shape: header with contexts and a hidden fact, MD&A, statements, a segment note. */
const TEN_K = `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:us-gaap="http://fasb.org/us-gaap/2023">
<head><title>10-K</title><script>alert(1)</script><link rel="stylesheet" href="https://evil.example/x.css"><style>body{background:url(https://evil.example/t.png)}</style></head>
<body onload="steal()">
<div style="display:none"><ix:header><ix:hidden>
  <ix:nonFraction unitRef="usdPerShare" contextRef="c-1" decimals="2" name="us-gaap:EarningsPerShareBasic" format="ixt:num-dot-decimal" scale="0" id="f-40">6.16</ix:nonFraction>
  ${nf('us-gaap:Revenues', 'c-1', 'f-41', '383,285')}
</ix:hidden><ix:resources>
  ${context('c-1', duration('2022-09-25', '2023-09-30'))}
  ${context('c-2', duration('2021-09-26', '2022-09-24'))}
  ${context('c-3', duration('2022-09-25', '2023-09-30'), '<xbrli:segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">aapl:IPhoneMember</xbrldi:explicitMember></xbrli:segment>')}
  ${context('c-4', '<xbrli:instant>2023-09-30</xbrli:instant>')}
</ix:resources></ix:header></div>
<img src="https://tracker.example/pixel.gif"><a href="https://evil.example/">out</a> <a href="#notes" onclick="x()">Notes</a>
<p>Net sales of iPhone were ${nf('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'c-3', 'f-9', '200,583')} million.</p>
<p>Total net sales were $${nf('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'c-1', 'f-10', '383,285')} million in 2023.</p>
<table>
<tr><td>Total net sales</td><td>${nf('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'c-1', 'f-11', '383,285')}</td><td>${nf('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'c-2', 'f-12', '394,328')}</td></tr>
<tr><td>Net income</td><td>${nf('us-gaap:ProfitLoss', 'c-1', 'f-30', nf('us-gaap:NetIncomeLoss', 'c-1', 'f-31', '96,995'))}</td></tr>
<tr><td>Other income (expense), net</td><td>(${nf('us-gaap:NonoperatingIncomeExpense', 'c-1', 'f-32', '565', ' sign="-"')})</td></tr>
<tr><td>Restructuring</td><td>${nf('us-gaap:RestructuringCharges', 'c-1', 'f-33', '—', ' format="ixt:fixed-zero"').replace('format="ixt:num-dot-decimal" ', '')}</td></tr>
<tr><td>Basic earnings per share</td><td><span style="-sec-ix-hidden:f-40">6.16</span></td></tr>
<tr><td>Total assets</td><td>${nf('us-gaap:Assets', 'c-4', 'f-50', '352,583')}</td></tr>
</table>
<div id="notes" style="color:red;background-image:url('https://evil.example/i.png')">Notes</div>
</body></html>`;

const REVENUE = {
  concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
  start: '2022-09-25',
  end: '2023-09-30',
  value: 383_285_000_000,
};

describe('highlightFact: a companyfacts fact in the filing', () => {
  it('finds the concept by period and shown value, skipping a segment context and another year, and marks the first visible copy', () => {
    const r = highlightFact(TEN_K, REVENUE);
    expect(r).toMatchObject({ found: 'visible', highlightId: 'f-10', matches: 2, inlineXbrl: true });
    expect(r.sentence).toBe('Total net sales were $383,285 million in 2023.');
    expect(r.html).toMatch(
      /<ix:nonfraction[^>]*class="credence-highlight"[^>]*id="f-10"|<ix:nonfraction[^>]*id="f-10"[^>]*class="credence-highlight"/,
    );
    expect(r.html.match(/class="credence-highlight"/g)).toHaveLength(1);
  });

  it('reads nested tags, negative signs, fixed zeros and instants', () => {
    expect(
      highlightFact(TEN_K, { concept: 'us-gaap:NetIncomeLoss', start: '2022-09-25', end: '2023-09-30', value: 96_995_000_000 }).highlightId,
    ).toBe('f-31');
    expect(
      highlightFact(TEN_K, { concept: 'us-gaap:ProfitLoss', start: '2022-09-25', end: '2023-09-30', value: 96_995_000_000 }).highlightId,
    ).toBe('f-30');
    expect(
      highlightFact(TEN_K, { concept: 'us-gaap:NonoperatingIncomeExpense', start: '2022-09-25', end: '2023-09-30', value: -565_000_000 })
        .highlightId,
    ).toBe('f-32');
    expect(
      highlightFact(TEN_K, { concept: 'us-gaap:RestructuringCharges', start: '2022-09-25', end: '2023-09-30', value: 0 }).highlightId,
    ).toBe('f-33');
    const assets = highlightFact(TEN_K, { concept: 'us-gaap:Assets', start: null, end: '2023-09-30', value: 352_583_000_000 });
    expect(assets).toMatchObject({ highlightId: 'f-50', sentence: 'Total assets 352,583' });
  });

  it('shows a fact that is only in ix:hidden through the visible text that references it', () => {
    const r = highlightFact(TEN_K, { concept: 'us-gaap:EarningsPerShareBasic', start: '2022-09-25', end: '2023-09-30', value: 6.16 });
    expect(r).toMatchObject({ found: 'hidden', highlightId: 'credence-highlight', sentence: 'Basic earnings per share 6.16' });
    expect(r.html).toMatch(/<span style="-sec-ix-hidden:f-40" class="credence-highlight" id="credence-highlight">6.16<\/span>/);
  });

  it('says so when the value, period or concept is not tagged', () => {
    expect(highlightFact(TEN_K, { ...REVENUE, value: 383_000_000_000 })).toMatchObject({ found: 'none', highlightId: null, matches: 0 });
    expect(highlightFact(TEN_K, { ...REVENUE, end: '2023-09-29' }).found).toBe('none');
    expect(highlightFact('<html><body><p>Net sales 383,285</p></body></html>', REVENUE)).toMatchObject({
      found: 'none',
      inlineXbrl: false,
    });
  });

  it('serves the document sanitized: no script, handler, external load or fetching CSS; anchors inside it kept', () => {
    const { html } = highlightFact(TEN_K, REVENUE);
    expect(html).not.toMatch(/<script|alert\(1\)|onload|onclick|<link|evil\.example|tracker\.example|url\(/i);
    expect(html).toContain('<a href="#notes">Notes</a>');
    expect(html).toContain('<a>out</a>');
    expect(html).toContain('style="color:red;');
  });
});
