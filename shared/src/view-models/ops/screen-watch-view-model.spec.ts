import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { WatchOptions } from '../../client/ops-client.js';
import type { ScreenSession, ScreenWatchEvent } from '../../contracts/ops.js';
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import { deferred, settle } from '../testing/fakes.js';
import { createScreenWatchViewModel } from './screen-watch-view-model.js';

const target = { instance_id: 'i-1', region: 'us-east-1', screen: { pid: 7, name: 'job', state: 'Detached' } as unknown as ScreenSession };

/** A client whose content answers `content` and whose watch the test drives. */
function fakeClient(content: string | Error) {
  const watch = { options: null as WatchOptions<ScreenWatchEvent> | null, end: deferred<void>() };
  const client = {
    opsScreenContent: async () => {
      if (content instanceof Error) throw content;
      return { content } as never;
    },
    watchScreen: (_: unknown, options: WatchOptions<ScreenWatchEvent>) => {
      watch.options = options;
      watch.end = deferred<void>();
      return watch.end.promise;
    },
  };
  const send = (data: ScreenWatchEvent['data']) => watch.options!.onEvent({ data } as ScreenWatchEvent);
  return { client, watch, send };
}

describe('the screen watch view model', () => {
  it('shows the content as lines, then its changes while watched', async () => {
    const { client, send } = fakeClient('one\ntwo\n');
    const model = createScreenWatchViewModel({ client });
    model.setTarget(target);
    expect(await model.load()).toBe(true);
    expect(model.getState().lines).toEqual(['one', 'two']);
    model.toggleWatch();
    send({ content: 'three\n' } as ScreenWatchEvent['data']);
    expect(model.getState()).toMatchObject({ lines: ['three'], watching: true });
    model.toggleWatch();
    expect(model.getState().watching).toBe(false);
  });

  it('says it reconnects, clears that when an event comes, and says reconnected', () => {
    const { client, watch, send } = fakeClient('');
    const model = createScreenWatchViewModel({ client });
    model.setTarget(target);
    model.watch();
    watch.options!.onReconnecting!(1, new Error('reset'), 1000);
    expect(model.getState().notice).toEqual({ tone: 'info', text: OPS_TEXTS.reconnecting });
    send({ content: 'x' } as ScreenWatchEvent['data']);
    expect(model.getState().notice).toBe(null);
    watch.options!.onReconnected!();
    expect(model.getState().notice).toEqual({ tone: 'info', text: OPS_TEXTS.reconnected });
  });

  it('ends the watch on an error message, and says the connection is lost when reconnecting gives up', async () => {
    const { client, watch, send } = fakeClient('');
    const model = createScreenWatchViewModel({ client });
    model.setTarget(target);
    model.watch();
    send({ error: 'session gone' } as ScreenWatchEvent['data']);
    expect(model.getState()).toMatchObject({
      watching: false,
      notice: { tone: 'error', text: `${OPS_TEXTS.watchingError}: session gone` },
    });
    model.watch();
    watch.end.reject(new ApiError({ status: 0, statusText: '', error: '', call: 'test' }));
    await settle();
    expect(model.getState()).toMatchObject({ watching: false, notice: { tone: 'error', text: OPS_TEXTS.connectionLost } });
  });

  it('says why the content could not be read, and a new screen starts empty with no watch', async () => {
    const { client } = fakeClient(new ApiError({ status: 500, statusText: 'Internal Server Error', error: 'boom', call: 'test' }));
    const model = createScreenWatchViewModel({ client });
    model.setTarget(target);
    expect(await model.load()).toBe(false);
    expect(model.getState().error).toBe(`${OPS_TEXTS.screenFailed}: boom`);
    model.watch();
    model.setTarget({ ...target, screen: { ...target.screen, pid: 8 } });
    expect(model.getState()).toMatchObject({ lines: [], watching: false, error: null, notice: null });
  });
});
