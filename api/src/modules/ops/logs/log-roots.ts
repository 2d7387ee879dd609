import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { LogFile } from '@credence/shared';

/** Most files one listing answers, and how deep it looks under each root. */
export const MAX_LISTED_FILES = 2000;
const MAX_DEPTH = 4;

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Opened without following a last symlink, and without waiting on a FIFO's writer. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
/** Times a path that changed between its check and its open is tried again before it is refused. */
const OPEN_ATTEMPTS = 3;

/** A log file opened for reading, checked on its handle. The caller closes the handle. */
export interface OpenedLog {
  handle: FileHandle;
  /** Its real path when it was opened. */
  path: string;
  inode: string;
  size: number;
}

/** A file that changed between its check and its open, again and again: read as someone racing the check. */
class PathChanged extends Error {}

/**
 * The log roots (OPS_LOG_DIRS) and the only way a user's path becomes a file to read: resolved
 * (`..` and symlinks) and confined to a root, else refused. Nothing outside the roots is listed,
 * read, searched or watched, and no file is read but through open(), which checks what it opened.
 */
export class LogRoots {
  /**
   * `secretFiles`: files that are never read whatever path names them (DATA_DIR's JWT secret and
   * admin password), compared by device and inode: a hard link or a bind mount inside a root too.
   */
  constructor(
    readonly dirs: string[],
    private readonly secretFiles: string[] = [],
  ) {}

  /**
   * Opens a user's path (or a watch's saved one) for reading: resolved to a real path under a
   * root, opened without following a last symlink or blocking on a FIFO, then checked on the
   * handle: a regular file, the very file (device and inode) its path names inside the roots
   * now, and not a secret file. A path swapped between the check and the open (a symlink put in
   * place of a directory, a rename) is never read: 400 like any path outside the roots.
   */
  async open(path: string): Promise<OpenedLog> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.openOnce(path);
      } catch (error) {
        if (!(error instanceof PathChanged)) throw error;
        if (attempt >= OPEN_ATTEMPTS) throw this.outside();
      }
    }
  }

  private async openOnce(path: string): Promise<OpenedLog> {
    const real = await this.resolve(path);
    let handle: FileHandle;
    try {
      handle = await open(real, OPEN_FLAGS);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new PathChanged();
      // ELOOP: its last part became a symlink after it was resolved.
      if (code === 'ELOOP') throw new PathChanged();
      if (code === 'EACCES' || code === 'EPERM') throw new BadRequestException(`The log file cannot be read: ${path}`);
      throw error;
    }
    try {
      const opened = await handle.stat({ bigint: true });
      if (!opened.isFile()) throw new BadRequestException(`path must name a file, not a directory or device: ${path}`);
      const now = await this.confined(real, await this.realRoots()).catch(() => null);
      const named = now ? await stat(now, { bigint: true }).catch(() => null) : null;
      if (!named || !sameFile(named, opened)) throw new PathChanged();
      if (await this.isSecret(opened)) throw this.outside();
      return { handle, path: now!, inode: opened.ino.toString(), size: Number(opened.size) };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  private async isSecret(opened: BigIntStats): Promise<boolean> {
    for (const file of this.secretFiles) {
      const secret = await stat(file, { bigint: true }).catch(() => null);
      if (secret && sameFile(secret, opened)) return true;
    }
    return false;
  }

  /** The roots as real paths (a missing root is created: the API writes its own log in the default one). */
  async realRoots(): Promise<string[]> {
    const roots: string[] = [];
    for (const dir of this.dirs) {
      try {
        roots.push(await realpath(dir));
      } catch {
        try {
          await mkdir(dir, { recursive: true });
          roots.push(await realpath(dir));
        } catch {
          /* an unreadable root lists nothing */
        }
      }
    }
    return roots;
  }

  /** Every regular file under the roots (a symlink only when it stays inside, and a file once, by its own name), newest first. */
  async list(): Promise<LogFile[]> {
    const roots = await this.realRoots();
    const found = new Map<string, LogFile & { link: boolean }>();
    const walk = async (root: string, dir: string, depth: number): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (found.size >= MAX_LISTED_FILES) return;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (depth < MAX_DEPTH) await walk(root, path, depth + 1);
          continue;
        }
        if (!entry.isFile() && !entry.isSymbolicLink()) continue;
        const real = await this.confined(path, roots).catch(() => null);
        const info = real ? await stat(real).catch(() => null) : null;
        if (!real || !info?.isFile()) continue;
        const link = entry.isSymbolicLink();
        if (found.has(real) && (link || !found.get(real)!.link)) continue;
        found.set(real, { name: relative(root, path), path: real, size: info.size, modified: info.mtime.toISOString(), link });
      }
    };
    for (const root of roots) await walk(root, root, 0);
    return [...found.values()]
      .map(({ link: _link, ...file }) => file)
      .sort((a, b) => b.modified.localeCompare(a.modified) || a.path.localeCompare(b.path));
  }

  /**
   * A user's path as the real path of a regular file under a root. A relative path is taken from
   * each root in turn. 400 when it leaves the roots (by `..` or a symlink), 404 when there is no such file.
   */
  async resolve(path: string): Promise<string> {
    const roots = await this.realRoots();
    const candidates = isAbsolute(path) ? [resolve(path)] : roots.map((root) => resolve(root, path));
    const lexical = candidates.filter((candidate) =>
      roots.some((root) => inside(root, candidate) || this.dirs.some((d) => inside(resolve(d), candidate))),
    );
    if (lexical.length === 0) throw this.outside();
    for (const candidate of lexical) {
      const info = await lstat(candidate).catch(() => null);
      if (!info) continue;
      const real = await this.confined(candidate, roots);
      const target = await stat(real);
      if (!target.isFile()) throw new BadRequestException(`path must name a file, not a directory or device: ${path}`);
      return real;
    }
    throw new NotFoundException(`No such log file: ${path}`);
  }

  private async confined(path: string, roots: string[]): Promise<string> {
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw new NotFoundException(`No such log file: ${path}`);
    }
    if (!roots.some((root) => inside(root, real))) throw this.outside();
    return real;
  }

  outside(): BadRequestException {
    return new BadRequestException(`path must name a log file inside the log directories (${this.dirs.join(', ')})`);
  }
}

function sameFile(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}
