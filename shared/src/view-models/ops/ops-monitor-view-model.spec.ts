import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { InstanceActionResponse, LogFile, OpsInstance, ScreenSession } from '../../contracts/ops.js';
import { OPS_TEXTS } from '../../contracts/ops-texts.js';
import { deferred, settle } from '../testing/fakes.js';
import { createOpsMonitorViewModel, mergedSources, type OpsMonitorViewModel } from './ops-monitor-view-model.js';

const file = (name: string): LogFile => ({ name, path: `/var/log/app/${name}`, size: 10, modified: '2026-11-30T00:00:00Z' });
const vm = (id: string, state = 'running'): OpsInstance => ({ id, name: `${id} box`, state }) as OpsInstance;
const screen = (pid: number): ScreenSession => ({ pid, name: `s${pid}`, state: 'Detached' }) as unknown as ScreenSession;

/** A client whose lists the test sets (and changes between loads), recording the calls. */
function fakeClient() {
  const calls: string[] = [];
  const lists = {
    instances: [vm('i-1'), vm('i-2')] as OpsInstance[] | Error,
    logs: [file('api.log')] as LogFile[] | Error,
    screens: [screen(7)] as ScreenSession[] | Error,
    action: { status: 'success', state: 'pending', instance_name: 'i-1 box' } as InstanceActionResponse | Error,
    status: Promise.resolve({ configured: true, backend: 'aws' }) as Promise<unknown>,
  };
  const answer = async <T>(name: string, value: T | Error): Promise<T> => {
    calls.push(name);
    if (value instanceof Error) throw value;
    return value;
  };
  const client = {
    opsStatus: () => lists.status.then((status) => answer('status', status)),
    opsInstances: (region?: string) => answer(`instances ${region}`, lists.instances).then((instances) => ({ instances })),
    opsLogs: (id: string) => answer(`logs ${id}`, lists.logs).then((logs) => ({ logs })),
    opsScreens: (id: string) => answer(`screens ${id}`, lists.screens).then((screens) => ({ screens })),
    opsStart: (target: unknown) => answer(`start ${JSON.stringify(target)}`, lists.action),
    opsStop: (target: unknown) => answer(`stop ${JSON.stringify(target)}`, lists.action),
  };
  return { client: client as unknown as Parameters<typeof createOpsMonitorViewModel>[0]['client'], calls, lists };
}

async function started(model: OpsMonitorViewModel): Promise<OpsMonitorViewModel> {
  model.start();
  await settle();
  return model;
}

const selectedFile = (model: OpsMonitorViewModel) => model.getState().files.items?.[model.getState().selected.logs]?.name;

describe('the ops monitor view model', () => {
  it('keeps the selection on the same file when a reload moves it (the list is newest first)', async () => {
    const { client, lists } = fakeClient();
    lists.logs = [file('api.log'), file('b-db.log'), file('a-app.log')];
    const model = await started(createOpsMonitorViewModel({ client }));
    model.chooseInstance(vm('i-1'));
    await settle();
    model.move('logs', 1);
    expect(selectedFile(model)).toBe('b-db.log');
    // b-db.log was written to: it is the newest now, and api.log moved down
    lists.logs = [file('b-db.log'), file('a-app.log'), file('api.log')];
    await model.loadFiles();
    expect(selectedFile(model)).toBe('b-db.log');
  });

  it('keeps the selection in the list when its file is gone', async () => {
    const { client, lists } = fakeClient();
    lists.logs = [file('a.log'), file('b.log'), file('c.log')];
    const model = await started(createOpsMonitorViewModel({ client }));
    model.chooseInstance(vm('i-1'));
    await settle();
    model.move('logs', 'bottom');
    lists.logs = [file('a.log')];
    await model.loadFiles();
    expect(model.getState().selected.logs).toBe(0);
  });

  it('loads an instance’s files once it is chosen, its screens when that list opens, and clears all on a new region', async () => {
    const { client, calls } = fakeClient();
    const model = await started(createOpsMonitorViewModel({ client, region: 'us-east-1' }));
    expect(calls).toEqual(['instances us-east-1']);
    model.chooseInstance(vm('i-2'));
    model.showList('screens');
    await settle();
    expect(calls).toEqual(['instances us-east-1', 'logs i-2', 'screens i-2']);
    model.toggleMark(file('api.log'));
    model.open({ kind: 'screen', screen: screen(7) });
    model.setRegion('eu-west-1');
    expect(model.getState()).toMatchObject({ instance: null, open: null, marked: [], files: { items: null }, region: 'eu-west-1' });
    await settle();
    expect(calls.at(-1)).toBe('instances eu-west-1');
  });

  it('drops a file list answered for the instance chosen before', async () => {
    const { client, lists } = fakeClient();
    const model = await started(createOpsMonitorViewModel({ client }));
    lists.logs = [file('old.log')];
    model.chooseInstance(vm('i-1'));
    lists.logs = [file('new.log')];
    model.chooseInstance(vm('i-2'));
    await settle();
    expect(model.getState().files.items?.map((f) => f.name)).toEqual(['new.log']);
  });

  it('says a list’s failure in its place, and a 403 anywhere as the refusal', async () => {
    const { client, lists } = fakeClient();
    lists.logs = new ApiError({ status: 404, statusText: 'Not Found', error: 'No such instance', call: 'test' });
    const model = await started(createOpsMonitorViewModel({ client }));
    model.chooseInstance(vm('i-1'));
    await settle();
    expect(model.getState().files.error).toBe(`${OPS_TEXTS.logsFailed}: No such instance`);
    lists.instances = new ApiError({ status: 403, statusText: 'Forbidden', error: 'no role', call: 'test' });
    await model.refresh();
    expect(model.getState().refused).toBe(true);
  });

  it('asks before a start, starts that instance by id, says the outcome and loads the instances again', async () => {
    const { client, calls } = fakeClient();
    const model = await started(createOpsMonitorViewModel({ client }));
    model.ask(vm('i-2', 'stopped'), 'start');
    expect(calls).toEqual(['instances us-east-1']);
    model.cancel();
    expect(model.getState().asking).toBe(null);
    model.ask(vm('i-2', 'stopped'), 'start');
    const done = model.confirm();
    expect(model.getState().busy).toEqual({ id: 'i-2', action: 'start' });
    await done;
    expect(calls.slice(1)).toEqual(['start {"region":"us-east-1","instance_id":"i-2"}', 'instances us-east-1']);
    expect(model.getState().outcome).toEqual({ tone: 'success', text: 'i-1 box is starting.' });
    expect(model.getState().busy).toBe(null);
  });

  it('words a refused action and an unreachable API apart', async () => {
    const { client, lists } = fakeClient();
    const model = await started(createOpsMonitorViewModel({ client }));
    lists.action = { status: 'error', error: 'not allowed here' } as InstanceActionResponse;
    model.ask(vm('i-1'), 'stop');
    await model.confirm();
    expect(model.getState().outcome).toEqual({ tone: 'error', text: `${OPS_TEXTS.stopFailed}: not allowed here` });
    lists.action = new ApiError({ status: 0, statusText: '', error: '', call: 'test' });
    model.ask(vm('i-1'), 'stop');
    await model.confirm();
    expect(model.getState().outcome).toEqual({ tone: 'error', text: OPS_TEXTS.stopError });
  });

  it('names merged sources by file, and by instance too when they span instances', async () => {
    const { client } = fakeClient();
    const model = await started(createOpsMonitorViewModel({ client }));
    model.chooseInstance(vm('i-1'));
    model.toggleMark(file('a.log'));
    expect(mergedSources(model.getState().marked).map((s) => s.label)).toEqual(['a.log']);
    model.chooseInstance(vm('i-2'));
    model.toggleMark(file('b.log'));
    model.toggleMark(file('c.log'));
    model.toggleMark(file('c.log'));
    expect(mergedSources(model.getState().marked).map((s) => s.label)).toEqual(['i-1 box:a.log', 'i-2 box:b.log']);
  });

  it('keeps an open screen that is still there after a reload, and closes one that is gone', async () => {
    const { client, lists } = fakeClient();
    const model = await started(createOpsMonitorViewModel({ client }));
    model.chooseInstance(vm('i-1'));
    model.showList('screens');
    await settle();
    model.open({ kind: 'screen', screen: screen(7) });
    await model.loadScreens();
    expect(model.getState().open).toEqual({ kind: 'screen', screen: screen(7) });
    lists.screens = [screen(8)];
    await model.loadScreens();
    expect(model.getState().open).toBe(null);
  });

  it('with the status, shows the instances only once the status is there, and says a status failure', async () => {
    const { client, lists } = fakeClient();
    const status = deferred<unknown>();
    lists.status = status.promise;
    const model = await started(createOpsMonitorViewModel({ client, withStatus: true }));
    expect(model.getState().instances.items).toBe(null);
    status.resolve({ configured: true, backend: 'local' });
    await settle();
    expect(model.getState()).toMatchObject({ status: { backend: 'local' }, instances: { items: [vm('i-1'), vm('i-2')] } });
    lists.status = Promise.reject(new ApiError({ status: 500, statusText: 'Internal Server Error', error: 'down', call: 'test' }));
    await model.refresh();
    expect(model.getState().instances.error).toBe(`${OPS_TEXTS.statusFailed}: down`);
  });
});
