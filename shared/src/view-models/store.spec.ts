import { describe, it } from 'node:test';
import { expect } from 'expect';
import { createStore } from './store.js';

describe('createStore', () => {
  it('merges a partial state and tells every listener once', () => {
    const store = createStore({ a: 1, b: 'x' });
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getState().a));
    store.setState({ a: 2 });
    expect(store.getState()).toEqual({ a: 2, b: 'x' });
    expect(seen).toEqual([2]);
  });

  it('takes an updater from the current state', () => {
    const store = createStore({ count: 1 });
    store.setState((s) => ({ count: s.count + 1 }));
    store.setState((s) => ({ count: s.count * 10 }));
    expect(store.getState().count).toBe(20);
  });

  it('keeps the same state object and stays quiet when nothing changed', () => {
    const list = [1];
    const store = createStore({ list, n: 0 });
    const before = store.getState();
    let calls = 0;
    store.subscribe(() => calls++);
    store.setState({ list, n: 0 });
    store.setState({});
    expect(store.getState()).toBe(before);
    expect(calls).toBe(0);
    store.setState({ n: 1 });
    expect(store.getState()).not.toBe(before);
    expect(before.n).toBe(0);
  });

  it('stops telling a listener after it unsubscribes, even during a notice', () => {
    const store = createStore({ n: 0 });
    const calls: string[] = [];
    const offA = store.subscribe(() => {
      calls.push('a');
      offA();
    });
    store.subscribe(() => calls.push('b'));
    store.setState({ n: 1 });
    store.setState({ n: 2 });
    expect(calls).toEqual(['a', 'b', 'b']);
  });
});
