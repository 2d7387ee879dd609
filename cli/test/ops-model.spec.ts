import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiClient, LogFile } from '@credence/shared';
import { OpsModel } from '../src/ui/ops/ops-model.js';

const file = (name: string): LogFile => ({ name, path: `/var/log/app/${name}`, size: 10, modified: '2026-11-30T00:00:00Z' });

/** An ops model on a client whose log list the test reorders, as appends reorder the newest-first list. */
function modelOver(lists: LogFile[][]) {
  let call = 0;
  const client = {
    opsStatus: async () => ({ configured: true, backend: 'local' }),
    opsInstances: async () => ({ instances: [{ id: 'vm', name: 'vm (local)', state: 'running' }] }),
    opsLogs: async () => ({ logs: lists[Math.min(call++, lists.length - 1)] }),
  } as unknown as ApiClient;
  return new OpsModel(client);
}

/** Enter on the instance: its log list loads (the first list). */
async function chosen(model: OpsModel): Promise<void> {
  model.chooseInstance();
  while (!model.getState().files) await new Promise((resolve) => setImmediate(resolve));
}

describe('the ops screen model', () => {
  it('keeps the cursor on the same file when a reload moves it (the list is newest first)', async () => {
    const model = modelOver([
      [file('api.log'), file('b-db.log'), file('a-app.log')],
      // b-db.log was written to: it is the newest now, and api.log moved down
      [file('b-db.log'), file('a-app.log'), file('api.log')],
    ]);
    try {
      await model.refresh();
      await chosen(model);
      model.move(1);
      assert.equal(model.getState().files?.[model.getState().selected.logs]?.name, 'b-db.log');
      await model.loadFiles();
      assert.equal(model.getState().files?.[model.getState().selected.logs]?.name, 'b-db.log', 'the cursor follows its file');
      model.toggleMark();
      assert.deepEqual(
        model.getState().marked.map((m) => m.file.name),
        ['b-db.log'],
        'm marks the file the cursor shows',
      );
    } finally {
      model.dispose();
    }
  });

  it('keeps the cursor in the list when its file is gone', async () => {
    const model = modelOver([[file('a.log'), file('b.log'), file('c.log')], [file('a.log')]]);
    try {
      await model.refresh();
      await chosen(model);
      model.move('bottom');
      await model.loadFiles();
      assert.equal(model.getState().selected.logs, 0);
    } finally {
      model.dispose();
    }
  });
});
