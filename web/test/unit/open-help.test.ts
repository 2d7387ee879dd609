import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onOpenHelpCenter, openHelpCenter } from '../../src/features/help/open-help.ts';

describe('opening the Help Center from the explorer sidebar (spec 2 2.13)', () => {
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
});
