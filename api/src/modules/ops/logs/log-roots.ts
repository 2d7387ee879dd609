import { lstat, mkdir, readdir, realpath, stat } from 'node:fs/promises';
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

/**
 * The log roots (OPS_LOG_DIRS) and the only way a user's path becomes a file to read: resolved
 * (`..` and symlinks) and confined to a root, else refused. Nothing outside the roots is listed,
 * read, searched or watched.
 */
export class LogRoots {
  constructor(readonly dirs: string[]) {}

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

  private outside(): BadRequestException {
    return new BadRequestException(`path must name a log file inside the log directories (${this.dirs.join(', ')})`);
  }
}
