import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  canStart,
  canStop,
  actionOutcomeText,
  checkStatusColour,
  clampLineCount,
  formatFileSize,
  highlightParts,
  instanceState,
  instanceStateColour,
  lineMatches,
} from './index.js';

describe('ops rules (spec 1 sections 4, 5, 9)', () => {
  it('shows states other than running, stopped, pending, stopping as unknown, with their colours', () => {
    expect(['running', 'stopped', 'pending', 'stopping', 'terminated', undefined].map(instanceState)).toEqual([
      'running',
      'stopped',
      'pending',
      'stopping',
      'unknown',
      'unknown',
    ]);
    expect(['running', 'pending', 'stopping', 'stopped', 'shutting-down'].map(instanceStateColour)).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
      'grey',
    ]);
    expect(['ok', 'running', 'impaired', 'initializing'].map(checkStatusColour)).toEqual(['green', 'green', 'yellow', 'grey']);
  });

  it('disables Start while running, pending or busy and Stop while stopped, stopping or busy', () => {
    expect([canStart('running', false), canStart('pending', false), canStart('stopped', true), canStart('stopped', false)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect([canStop('stopped', false), canStop('stopping', false), canStop('running', true), canStop('running', false)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('keeps the line count between 5 and 1000, 10 when not a number', () => {
    expect([clampLineCount('abc'), clampLineCount(''), clampLineCount('2'), clampLineCount(5000), clampLineCount('250')]).toEqual([
      10, 10, 5, 1000, 250,
    ]);
  });

  it('formats sizes in B, KB and MB with 1024 steps and two decimals', () => {
    expect([formatFileSize(1023), formatFileSize(1024), formatFileSize(1536), formatFileSize(5 * 1024 * 1024 + 1024 * 10.24)]).toEqual([
      '1023 B',
      '1.00 KB',
      '1.50 KB',
      '5.01 MB',
    ]);
  });

  it('matches and highlights a pattern literally, whatever its case', () => {
    expect(lineMatches('ERROR: disk full', 'error')).toBe(true);
    expect(lineMatches('a.b', '.*')).toBe(false);
    expect(highlightParts('Error then error', 'ERROR')).toEqual([
      { text: 'Error', match: true },
      { text: ' then ', match: false },
      { text: 'error', match: true },
    ]);
    expect(highlightParts('nothing', 'x')).toEqual([{ text: 'nothing', match: false }]);
  });

  it('says a stop of a stopped instance (or a start of a running one) changed nothing, instead of "Stopping: the instance is stopped"', () => {
    expect(actionOutcomeText('stop', 'stopped')).toBe('The instance is already stopped: nothing to do.');
    expect(actionOutcomeText('start', 'running')).toBe('The instance is already running: nothing to do.');
    expect(actionOutcomeText('stop', 'stopping')).toBe('The instance is stopping.');
    expect(actionOutcomeText('start', 'pending')).toBe('The instance is starting.');
    expect(actionOutcomeText('start', undefined)).toBe('The instance is starting.');
  });
});
