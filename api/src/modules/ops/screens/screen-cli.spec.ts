import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ServiceUnavailableException } from '@nestjs/common';
import { parseScreenList, SCREEN_MISSING, ScreenCli } from './screen-cli.js';

describe('screen -ls parsing', () => {
  it('reads sessions with and without the date column, every state, and ignores the rest', () => {
    const output = [
      'There are screens on:',
      '\t4321.pipeline-a\t(11/28/26 02:06:27)\t(Detached)',
      '\t99.web.build\t(Attached)',
      '\t7.shared\t(Multi attached)',
      '\t8.gone\t(Dead ???)',
      '4 Sockets in /run/screen/S-ops.',
    ].join('\n');
    expect(parseScreenList(output)).toEqual([
      { pid: 4321, name: 'pipeline-a', status: 'Detached', attached: false },
      { pid: 99, name: 'web.build', status: 'Attached', attached: true },
      { pid: 7, name: 'shared', status: 'Multi attached', attached: true },
      { pid: 8, name: 'gone', status: 'Dead ???', attached: false },
    ]);
    expect(parseScreenList('No Sockets found in /run/screen/S-ops.\n')).toEqual([]);
  });

  it('says how to install GNU screen when it is missing', async () => {
    const missing = new ScreenCli('/nonexistent/screen-binary');
    await expect(missing.list()).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(missing.list()).rejects.toMatchObject({ message: SCREEN_MISSING });
    expect(SCREEN_MISSING).toMatch(/apt-get install screen/);
  });
});
