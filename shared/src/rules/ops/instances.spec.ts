import { describe, it } from 'node:test';
import { expect } from 'expect';
import { chooseInstance, launchTimeText } from './instances.js';

const instances = [
  { id: 'i-0a1b2c3d4e5f67890', name: 'large-pipeline-01' },
  { id: 'i-0b0b0b0b0b0b0b0b0', name: 'large-pipeline-backfill' },
  { id: 'i-0c0c0c0c0c0c0c0c0', name: 'large-pipeline-prod' },
  { id: 'i-0d0d0d0d0d0d0d0d0', name: 'large-pipeline-prod' },
];

describe('--instance <id|name> (issue 28 §3)', () => {
  it('takes an id as given, a whole name, or the one name that contains the text', () => {
    expect(chooseInstance('i-0c0c0c0c0c0c0c0c0', [], 'us-east-1')).toEqual({ id: 'i-0c0c0c0c0c0c0c0c0' });
    expect(chooseInstance('local', [], 'us-east-1')).toEqual({ id: 'local' });
    expect(chooseInstance('large-pipeline-backfill', instances, 'us-east-1')).toEqual({ id: 'i-0b0b0b0b0b0b0b0b0' });
    expect(chooseInstance('BACKFILL', instances, 'us-east-1')).toEqual({ id: 'i-0b0b0b0b0b0b0b0b0' });
  });

  it('lists the matches when a name is ambiguous, and the instances when none matches', () => {
    expect(chooseInstance('large-pipeline-prod', instances, 'us-east-1')).toEqual({
      error:
        '"large-pipeline-prod" matches 2 instances in us-east-1: large-pipeline-prod (i-0c0c0c0c0c0c0c0c0), ' +
        'large-pipeline-prod (i-0d0d0d0d0d0d0d0d0). Give the id or the whole name.',
    });
    expect(chooseInstance('nightly', instances.slice(0, 1), 'eu-west-1')).toEqual({
      error: 'No instance named "nightly" in eu-west-1 (the instances there: large-pipeline-01 (i-0a1b2c3d4e5f67890)).',
    });
    expect(chooseInstance('nightly', [], 'eu-west-1')).toEqual({ error: 'No instance named "nightly" in eu-west-1 (it has none).' });
  });

  it('shows a launch time to the minute in UTC', () => {
    expect([launchTimeText('2026-11-28T06:15:42.000Z'), launchTimeText(null)]).toEqual(['2026-11-28 06:15', '-']);
  });
});
