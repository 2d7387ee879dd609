/**
 * The saved session: one token per API address, kept by `conf` in the user's config directory
 * ($XDG_CONFIG_HOME/credence/config.json, else ~/.config/credence/ on Linux), file mode 0600.
 * conf is imported on first use only: `--version` and `--help` never load it.
 */
import type Conf from 'conf';

interface Saved {
  sessions: Record<string, { token: string; email?: string; saved_at: string }>;
}

let store: Conf<Saved> | null = null;

async function open(): Promise<Conf<Saved>> {
  if (!store) {
    const { default: ConfClass } = await import('conf');
    store = new ConfClass<Saved>({
      projectName: 'credence',
      projectSuffix: '',
      configFileMode: 0o600,
      // API addresses hold dots: keys are plain, never dot paths.
      accessPropertiesByDotNotation: false,
      defaults: { sessions: {} },
    });
  }
  return store;
}

/** The key a session is saved under: the API address without a trailing slash. */
export function sessionKey(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '');
}

export async function readToken(apiUrl: string): Promise<string | null> {
  const conf = await open();
  return conf.get('sessions')[sessionKey(apiUrl)]?.token ?? null;
}

export async function saveToken(apiUrl: string, token: string, email?: string): Promise<string> {
  const conf = await open();
  const sessions = { ...conf.get('sessions'), [sessionKey(apiUrl)]: { token, email, saved_at: new Date().toISOString() } };
  conf.set('sessions', sessions);
  return conf.path;
}

/** Forgets the session of this address; answers whether there was one. */
export async function forgetToken(apiUrl: string): Promise<boolean> {
  const conf = await open();
  const sessions = { ...conf.get('sessions') };
  const had = sessionKey(apiUrl) in sessions;
  delete sessions[sessionKey(apiUrl)];
  conf.set('sessions', sessions);
  return had;
}
