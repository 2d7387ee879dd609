import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OPS_TEXTS, type OpsInstance } from '@credence/shared';
import { InstanceTable } from '../../src/features/ops/instance-table.tsx';

const html = (instances: OpsInstance[], busy: { id: string; action: 'start' | 'stop' } | null = null) =>
  renderToStaticMarkup(
    createElement(InstanceTable, { instances, chosen: null, onChoose: () => undefined, onAction: () => undefined, busy }),
  );
/** The row's button with that accessible name, as markup. */
const button = (markup: string, name: string) => new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`).exec(markup)?.[0] ?? '';

describe('the monitor instance list: start and stop on each row (issue 28 §3)', () => {
  const aws: OpsInstance[] = [
    { id: 'i-0aaaaaaaaaaaaaaa1', name: 'large-pipeline-backfill', state: 'stopped', type: 'm5.large', launch_time: null },
    { id: 'i-0bbbbbbbbbbbbbbb2', name: 'large-pipeline-prod', state: 'running', type: 'm5.xlarge', launch_time: null },
  ];

  it('each row has its own Start and Stop, on when the state allows it', () => {
    const markup = html(aws);
    assert.doesNotMatch(button(markup, 'Start large-pipeline-backfill'), /disabled/);
    assert.match(button(markup, 'Stop large-pipeline-backfill'), /disabled/);
    assert.match(button(markup, 'Start large-pipeline-prod'), /disabled/);
    assert.doesNotMatch(button(markup, 'Stop large-pipeline-prod'), /disabled/);
  });

  it('while one row starts, its button says so and every other action waits', () => {
    const markup = html(aws, { id: 'i-0aaaaaaaaaaaaaaa1', action: 'start' });
    assert.match(markup, /Starting…/);
    assert.match(button(markup, 'Stop large-pipeline-prod'), /disabled/);
  });

  it('the local backend: both off, the reason as their title', () => {
    const markup = html([{ id: 'local', name: 'vm', state: 'running' }]);
    for (const name of ['Start vm', 'Stop vm']) {
      assert.match(button(markup, name), /disabled/);
      assert.ok(button(markup, name).includes('This server runs the local ops backend'), name);
    }
    assert.ok(OPS_TEXTS.localStartStop.startsWith('This server runs the local ops backend'));
  });
});
