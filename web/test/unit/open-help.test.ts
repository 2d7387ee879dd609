import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  inaccurateDataReport,
  onOpenHelpCenter,
  openFeedbackForm,
  openHelpCenter,
  type HelpRequest,
} from '../../src/features/help/open-help.ts';

describe('opening the help widget from the explorer (spec 2 2.4, 2.13)', () => {
  it('keeps a request made before the widget loaded, then calls the widget on each request', () => {
    openHelpCenter();
    let opened = 0;
    const stop = onOpenHelpCenter(() => opened++);
    assert.equal(opened, 1, 'the early request is served once');
    openHelpCenter();
    assert.equal(opened, 2);
    stop();
    openHelpCenter();
    assert.equal(opened, 2, 'no call after unsubscribing');
    const again = onOpenHelpCenter(() => opened++);
    assert.equal(opened, 3, 'the request made with no widget waits for the next one');
    again();
  });

  it('opens Submit Feedback filled in about the company for "Report inaccurate data"', () => {
    const seen: HelpRequest[] = [];
    const stop = onOpenHelpCenter((r) => seen.push(r));
    const report = inaccurateDataReport({ name: 'ACME LTD', number: '00000001' }, '/uk/?companyNumber=00000001');
    openFeedbackForm(report.subject, report.message);
    stop();
    assert.equal(seen.length, 1);
    assert.equal(seen[0].view, 'feedback');
    assert.equal(report.subject, 'Inaccurate data: ACME LTD (00000001)');
    assert.match(report.message, /^Company ACME LTD \(00000001\), page \/uk\/\?companyNumber=00000001/);
    assert.equal(inaccurateDataReport(null, '/uk/').subject, 'Inaccurate data');
  });
});
