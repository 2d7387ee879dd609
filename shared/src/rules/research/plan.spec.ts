import { describe, it } from 'node:test';
import { expect } from 'expect';
import { RESEARCH_TEXTS } from '../../contracts/research.js';
import { editedPlan, planView, stepMark } from './plan.js';
import { visibleSources } from './sources.js';

describe('plan view', () => {
  it('shows a valid plan with each step state', () => {
    const view = planView({ thoughtProcess: ['Read the accounts', 'Compare years'], stepStatus: ['done', 'running'] });
    expect(view).toEqual({
      steps: [
        { text: 'Read the accounts', state: 'done' },
        { text: 'Compare years', state: 'running' },
      ],
      generic: false,
      error: null,
    });
    expect(view.steps.map((s) => stepMark(s.state))).toEqual(['✓', '›']);
  });

  it('shows the generic plan while none came, and with the fallback error for a bad one', () => {
    expect(planView({ thoughtProcess: [], stepStatus: [] }, true)).toMatchObject({ generic: true, error: null });
    const bad = planView({ thoughtProcess: ['Tool failed to run'], stepStatus: ['done'] });
    expect(bad).toEqual({
      steps: [{ text: RESEARCH_TEXTS.genericPlan, state: 'done' }],
      generic: true,
      error: 'Could not generate specific thought process',
    });
  });

  it('keeps the state of kept steps when the plan is edited, and refuses an empty edit', () => {
    const before = { thoughtProcess: ['a', 'b'], stepStatus: ['done', 'running'] as const };
    expect(editedPlan({ ...before, stepStatus: [...before.stepStatus] }, [' b ', '', 'c'])).toEqual({
      thoughtProcess: ['b', 'c'],
      stepStatus: ['running', 'pending'],
    });
    expect(editedPlan({ ...before, stepStatus: [...before.stepStatus] }, ['  '])).toBeNull();
  });
});

describe('visible sources', () => {
  const source = (n: number) => ({ document_type: 'AA', document_date: null, title: `S${n}`, url: null });
  it('shows three and "+N more" until expanded', () => {
    const five = [1, 2, 3, 4, 5].map(source);
    expect(visibleSources(five)).toMatchObject({ hidden: 2, moreLabel: '+2 more' });
    expect(visibleSources(five).shown.map((s) => s.title)).toEqual(['S1', 'S2', 'S3']);
    expect(visibleSources(five, true)).toMatchObject({ hidden: 0, moreLabel: null });
    expect(visibleSources(five.slice(0, 3)).moreLabel).toBeNull();
  });
});
