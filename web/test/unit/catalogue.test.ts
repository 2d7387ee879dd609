import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DATABASE_SECTIONS, databasePath, findDatabase, loadingScreenMs, underConstructionText } from '@credence/shared';
import { approvalButtonDisabled, approvalButtonLabel, profileLink } from '../../src/features/accounts/approval.ts';
import { onceByKey } from '../../src/features/accounts/once.ts';

describe('database selector (spec 2 section 2.3)', () => {
  it('lists the three sections and their databases in the spec order', () => {
    assert.deepEqual(
      DATABASE_SECTIONS.map((s) => [s.title, s.databases.map((d) => d.id)]),
      [
        ['Company Explorer', ['us/equity_analysis/strategic-indicators', 'uk']],
        ['Screeners and Filters', ['companies-screener', 'creditors-screener']],
        ['Research and Intelligence', ['analysis', 'uk']],
      ],
    );
    assert.equal(findDatabase('companies-screener')?.badge, 'Updated');
  });

  it('opens the UK explorer at /uk/, the US one at its strategic indicators, and keeps the rest under construction for now', () => {
    const uk = findDatabase('uk')!;
    assert.equal(uk.ready, true);
    assert.equal(databasePath(uk), '/uk/');
    const ready = DATABASE_SECTIONS.flatMap((s) => s.databases)
      .filter((d) => d.ready)
      .map((d) => d.id);
    assert.deepEqual([...new Set(ready)], ['us/equity_analysis/strategic-indicators', 'uk', 'companies-screener', 'creditors-screener']);
    assert.equal(
      underConstructionText(findDatabase('analysis')!),
      'The specific interface for Deep Insights Engine is under construction.',
    );
    assert.equal(findDatabase('nope'), null);
    assert.equal(findDatabase(null), null);
  });

  it('shows the loading screen for 600 to 1000 ms', () => {
    assert.equal(
      loadingScreenMs(() => 0),
      600,
    );
    assert.equal(
      loadingScreenMs(() => 0.5),
      800,
    );
    assert.equal(
      loadingScreenMs(() => 0.9999999),
      1000,
    );
    // out-of-range draws are held to the spec's bounds
    assert.equal(
      loadingScreenMs(() => -1),
      600,
    );
    assert.equal(
      loadingScreenMs(() => 2),
      1000,
    );
  });

  it('draws the loading time from Math.random when given no source', (t) => {
    t.mock.method(Math, 'random', () => 0.25);
    assert.equal(loadingScreenMs(), 700);
  });
});

describe('approve button (spec 1 section 4)', () => {
  it('reads Approve, then Approved (disabled); Failed to Approve and enabled again', () => {
    assert.deepEqual(
      (['idle', 'busy', 'approved', 'failed'] as const).map((s) => [approvalButtonLabel(s), approvalButtonDisabled(s)]),
      [
        ['Approve', false],
        ['Approve', true],
        ['Approved', true],
        ['Failed to Approve', false],
      ],
    );
  });

  it('shows the professional profile only when the applicant gave one', () => {
    assert.equal(profileLink({ linkedin_url: 'https://www.linkedin.com/' }), null);
    assert.equal(profileLink({ linkedin_url: 'https://www.linkedin.com' }), null);
    assert.equal(profileLink({ linkedin_url: '' }), null);
    assert.equal(profileLink({ linkedin_url: 'javascript:alert(1)' }), null);
    assert.equal(profileLink({ linkedin_url: 'https://www.linkedin.com/in/ada' }), 'https://www.linkedin.com/in/ada');
  });
});

describe('onceByKey', () => {
  it('runs a call once per key and hands the same answer to every caller', async () => {
    const once = onceByKey<number>();
    let runs = 0;
    const run = async () => ++runs;
    const [a, b] = await Promise.all([once('t1', run), once('t1', run)]);
    assert.deepEqual([a, b, runs], [1, 1, 1]);
    assert.equal(await once('t2', run), 2);
  });
});
