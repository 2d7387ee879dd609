import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import { BadRequestException, HttpException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { OPS_CONSTANTS, type LogFile, type ScreenSession, type SearchResponse, type TailResponse } from '@credence/shared';
import { decodeLine } from '../logs/log-reader.js';
import { MAX_LISTED_FILES } from '../logs/log-roots.js';
import { SCREEN_MISSING, parseScreenList, tidy } from '../screens/screen-cli.js';
import { encodeArgs, type ScriptRunner } from './script-runner.js';

/** Bytes of output one call answers (base64: about 21,700 characters with the header, under SSM's 24,000). */
export const CHUNK_BYTES = 16_000;
/** The most output one operation may have (read chunk by chunk). */
export const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;
const HEADER = /^CREDENCE-OPS 1 (\S+) (\d+) (\S+)$/;

export interface RemoteRead {
  inode: string;
  size: number;
  /** The bytes from the asked offset (empty when the file is another one or shorter). */
  data: Buffer;
  /** Up to 64 bytes of the file ending at the asked offset (absent at offset 0 or for another file). */
  before?: Buffer;
}

/**
 * The host script's operations, over any runner (this host or SSM): values go as base64
 * arguments, the answer comes a chunk at a time until its total, and the script's refusals
 * become the API's (400 outside the roots, 404 missing...).
 */
export class HostTools {
  constructor(
    private readonly runner: ScriptRunner,
    private readonly roots: string[],
    private readonly screenUser = '',
  ) {}

  private refusal(word: string, subject: string): HttpException {
    switch (word) {
      case 'not-found':
        return new NotFoundException(`No such log file: ${subject}`);
      case 'outside':
        return new BadRequestException(`path must name a log file inside the log directories (${this.roots.join(', ')})`);
      case 'not-a-file':
        return new BadRequestException(`path must name a file, not a directory or device: ${subject}`);
      case 'unreadable':
        return new BadRequestException(`The log file cannot be read: ${subject}`);
      case 'bad-value':
        return new BadRequestException('The instance refused a value (paths and patterns are one line of text)');
      case 'screen-missing':
        return new ServiceUnavailableException(SCREEN_MISSING);
      case 'no-session':
        return new NotFoundException(`No screen session with pid ${subject} on this instance`);
      default:
        return new ServiceUnavailableException(`The instance could not answer (${word}): try again`);
    }
  }

  private async once(op: string, id: string, offset: number, a: string, b: string): Promise<{ total: number; data: Buffer }> {
    const out = await this.runner.run(encodeArgs([op, id, String(offset), String(CHUNK_BYTES), a, b, this.screenUser, ...this.roots]));
    const lines = out.split('\n');
    const at = lines.findIndex((line) => HEADER.test(line));
    if (at < 0) throw new ServiceUnavailableException('The instance answered something other than the ops script output: try again');
    const [, status, total] = HEADER.exec(lines[at])!;
    if (status !== 'ok') throw this.refusal(status, a);
    return { total: Number(total), data: Buffer.from(lines.slice(at + 1).join(''), 'base64') };
  }

  /** One operation's whole output: the first chunk, then `chunk` calls by offset until the total. */
  async call(op: string, a = '', b = '', offset = 0): Promise<Buffer> {
    const id = randomBytes(16).toString('hex');
    const first = await this.once(op, id, offset, a, b);
    if (first.total > MAX_OUTPUT_BYTES) throw new BadRequestException('The answer is too large: ask for fewer lines');
    const parts = [first.data];
    let got = first.data.length;
    while (got < first.total && op !== 'read') {
      const next = await this.once('chunk', id, got, '', '');
      if (next.data.length === 0) break;
      parts.push(next.data);
      got += next.data.length;
    }
    return Buffer.concat(parts);
  }

  async list(): Promise<LogFile[]> {
    const text = (await this.call('list')).toString('utf8');
    const found = new Map<string, LogFile & { link: boolean }>();
    for (const line of text.split('\n')) {
      const [kind, size, mtime, path, realPath] = line.split('\t');
      if ((kind !== 'F' && kind !== 'L') || !/^\d+$/.test(size) || !path?.startsWith('/')) continue;
      const real = kind === 'L' ? realPath : path;
      if (!real?.startsWith('/') || (found.has(real) && (kind === 'L' || !found.get(real)!.link))) continue;
      const root = this.roots
        .filter((r) => path === r || path.startsWith(`${r.replace(/\/$/, '')}/`))
        .sort((x, y) => y.length - x.length)[0];
      const name = root ? posix.relative(root, path) : posix.basename(path);
      const modified = new Date(Math.round(Number(mtime) * 1000) || 0).toISOString();
      found.set(real, { name, path: real, size: Number(size), modified, link: kind === 'L' });
      if (found.size >= MAX_LISTED_FILES) break;
    }
    return [...found.values()]
      .map(({ link: _link, ...file }) => file)
      .sort((a, b) => b.modified.localeCompare(a.modified) || a.path.localeCompare(b.path));
  }

  async tail(path: string, count: number): Promise<TailResponse> {
    const out = await this.call('tail', path, String(count));
    const header = out.indexOf(0x0a);
    const [inode, size] = out.subarray(0, header).toString('latin1').split(' ');
    const lines = splitLines(out.subarray(header + 1)).map((line) => decodeLine(line).text);
    return { lines: lines.slice(-count), size: Number(size), cursor: `${inode}:${size}` };
  }

  async search(path: string, pattern: string): Promise<SearchResponse> {
    const lines = splitLines(await this.call('search', path, pattern));
    const truncated = lines.length > OPS_CONSTANTS.maxSearchMatches;
    const matches = lines.slice(-OPS_CONSTANTS.maxSearchMatches).flatMap((line) => {
      const colon = line.indexOf(0x3a);
      const number = Number(line.subarray(0, colon).toString('latin1'));
      return colon > 0 && Number.isInteger(number) ? [{ line_number: number, line: decodeLine(line.subarray(colon + 1)).text }] : [];
    });
    return { matches, truncated };
  }

  /** The file's inode and size and, when it is still `inode` and at least `offset` long, the bytes before `offset` and up to CHUNK_BYTES from there. */
  async read(path: string, inode: string, offset: number): Promise<RemoteRead> {
    const out = await this.call('read', path, inode || '0', offset);
    const header = out.indexOf(0x0a);
    const [seen, size, before] = out.subarray(0, header).toString('latin1').split(' ');
    const read: RemoteRead = { inode: seen, size: Number(size), data: out.subarray(header + 1) };
    return before && /^(?:[0-9a-f]{2})+$/.test(before) ? { ...read, before: Buffer.from(before, 'hex') } : read;
  }

  async screens(): Promise<ScreenSession[]> {
    return parseScreenList((await this.call('screens')).toString('utf8'));
  }

  async screenContent(pid: number): Promise<string> {
    return tidy(new TextDecoder('utf-8', { fatal: false }).decode(await this.call('hardcopy', String(pid))));
  }
}

/** Output lines (the last newline ends the last line). */
function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, at));
    start = at + 1;
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}
