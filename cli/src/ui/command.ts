/**
 * The `tui` command. The UI runs from its bundle (dist/bundle/, written by scripts/bundle.js at
 * build time: Ink, React, the shared package and the screens in a few files) because Node loads
 * one big module far faster than the hundreds Ink and its dependencies are made of — the first
 * frame's budget (600 ms) depends on it. Without the bundle (a build without rolldown) the same
 * code runs from the compiled modules.
 */
import { AuthError, CliFailure, UsageError } from '../runtime/exit-codes.js';
import type { GlobalOptions } from '../runtime/session.js';
import { PACKAGE_ROOT } from '../paths.js';

/** Where the bundle's entry is, beside dist/src. */
export const TUI_BUNDLE = new URL('dist/bundle/tui-main.mjs', PACKAGE_ROOT);

export async function tui(options: GlobalOptions): Promise<void> {
  const bundled = await import(TUI_BUNDLE.href).catch((error: NodeJS.ErrnoException) => {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('tui-main.mjs')) return null;
    throw error;
  });
  const { tuiMain } = (bundled ?? (await import('./tui-main.js'))) as typeof import('./tui-main.js');
  try {
    await tuiMain(options);
  } catch (error) {
    throw ownClass(error);
  }
}

/** The bundle has its own copies of the error classes: give the exit-code mapping ours (usage 2, auth 4). */
export function ownClass(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof UsageError || error instanceof AuthError || error instanceof CliFailure) return error;
  const Class = { UsageError, AuthError, CliFailure }[error.name];
  return Class ? new Class(error.message) : error;
}
