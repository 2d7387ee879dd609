/**
 * The full-screen UI's shell: the screen stack, one key dispatcher, the help overlay, the header
 * and the status bar. Screens are thin views over the shared view models; the shell owns only
 * navigation and the frame.
 *
 * The frame fills the terminal exactly (rows x columns); ScreenWriter puts it on the screen.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, useApp, useInput } from 'ink';
import { Header, StatusBar } from './components/chrome.js';
import { HelpOverlay, HELP_LINES } from './components/help-overlay.js';
import { KeyContext, LayoutContext, StatusContext, type KeySink, type StatusApi, type Tone } from './context.js';
import { KEYS, on, toPresses, type Press } from './keys.js';
import {
  disposeEntries,
  entry,
  EntryContext,
  nextStack,
  routeTitle,
  RouterContext,
  useFreshState,
  type Route,
  type Router,
  type StackEntry,
} from './router.js';
import { ServicesContext, type TuiServices, type UserState } from './services.js';
import { useTerminalSize, type Size } from './use-terminal-size.js';
import { Screen } from './screens/index.js';

export interface AppProps {
  services: TuiServices;
  /** The stack to start with (default: home). */
  initial?: readonly Route[];
  /** A fixed terminal size (tests and benches); else the terminal's, following resizes. */
  size?: Size;
}

/** Header and status bar. */
export const CHROME_LINES = 2;

function describeUserFailure(error: unknown): string {
  const status = (error as { status?: number })?.status;
  if (status === 401 || status === 403) return 'session expired: run `credence login`';
  if (status === 0) return 'API unreachable';
  return (error as Error)?.message ?? String(error);
}

export function App({ services, initial, size: fixedSize }: AppProps) {
  const { exit } = useApp();
  const size = useTerminalSize(fixedSize);
  const [stack, setStack] = useState<readonly StackEntry[]>(() =>
    (initial && initial.length > 0 ? initial : [{ name: 'home' } as Route]).map(entry),
  );
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const [helpTop, setHelpTop, getHelpTop] = useFreshState<number | null>(null);
  const [status, setStatus] = useState<{ message: string | null; tone: Tone }>({ message: null, tone: 'info' });
  const [user, setUser] = useState<UserState>(() =>
    services.client.token() ? { status: 'loading' } : { status: 'signed-out', reason: 'run `credence login`' },
  );
  const keys = useRef<KeySink>({ current: null }).current;

  useEffect(() => {
    if (!services.client.token()) return;
    let live = true;
    services.client.me().then(
      (me) => live && setUser({ status: 'signed-in', user: { email: me.email, full_name: me.full_name } }),
      (error: unknown) => live && setUser({ status: 'signed-out', reason: describeUserFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [services]);

  const router = useMemo<Router>(() => {
    const apply = (action: Parameters<typeof nextStack>[1]) => {
      const before = stackRef.current;
      const after = nextStack(before, action);
      disposeEntries(before.filter((e) => !after.includes(e)));
      stackRef.current = after;
      setStack(after);
      setStatus({ message: null, tone: 'info' });
    };
    return {
      get stack() {
        return stackRef.current;
      },
      get top() {
        return stackRef.current[stackRef.current.length - 1];
      },
      push: (route) => apply({ type: 'push', route }),
      pop: () => {
        if (stackRef.current.length <= 1) return false;
        apply({ type: 'pop' });
        return true;
      },
      replace: (route) => apply({ type: 'replace', route }),
      reset: (route) => apply({ type: 'reset', route }),
    };
  }, []);

  const statusApi = useMemo<StatusApi>(
    () => ({
      say: (message, tone = 'info') => setStatus((old) => (old.message === message && old.tone === tone ? old : { message, tone })),
    }),
    [],
  );

  const quit = useCallback(() => exit(), [exit]);

  const globalKeys = (press: Press): boolean => {
    const top = stackRef.current[stackRef.current.length - 1].route;
    if (on(KEYS.quit, press)) quit();
    else if (on(KEYS.help, press)) setHelpTop(0);
    else if (on(KEYS.back, press)) router.pop();
    else if (on(KEYS.search, press)) {
      if (top.name !== 'search') router.push({ name: 'search' });
    } else if (on(KEYS.home, press)) router.reset({ name: 'home' });
    else if (on(KEYS.screener, press)) {
      if (top.name !== 'screener') router.push({ name: 'screener' });
    } else if (on(KEYS.creditors, press)) {
      if (top.name !== 'creditors') router.push({ name: 'creditors' });
    } else if (on(KEYS.ops, press)) {
      if (top.name !== 'ops') router.push({ name: 'ops' });
    } else if (on(KEYS.alerts, press)) {
      if (top.name !== 'alerts') router.push({ name: 'alerts' });
    } else return false;
    return true;
  };

  const contentHeight = Math.max(3, size.rows - CHROME_LINES);
  const dispatch = (press: Press) => {
    if (on(KEYS.forceQuit, press)) return quit();
    if (getHelpTop() !== null) {
      if (on(KEYS.help, press) || on(KEYS.back, press) || on(KEYS.quit, press)) setHelpTop(null);
      else if (on(KEYS.down, press) || on(KEYS.pageDown, press))
        setHelpTop((t) => Math.min((t ?? 0) + (on(KEYS.down, press) ? 1 : contentHeight - 3), HELP_LINES.length - 1));
      else if (on(KEYS.up, press) || on(KEYS.pageUp, press))
        setHelpTop((t) => Math.max(0, (t ?? 0) - (on(KEYS.up, press) ? 1 : contentHeight - 3)));
      return;
    }
    if (keys.current?.(press)) return;
    globalKeys(press);
  };
  // Presses run one at a time, in order, one per turn of the event loop; handlers read the state
  // the previous press left through get() and the view models' getState(), never the render's
  // copy (Ink schedules renders: the next press can come before the last one is drawn).
  const queue = useRef<Press[]>([]).current;
  const draining = useRef(false);
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;
  const drain = () => {
    const press = queue.shift();
    if (!press) {
      draining.current = false;
      return;
    }
    dispatchRef.current(press);
    setImmediate(drain);
  };
  useInput((input, key) => {
    queue.push(...toPresses(input, key));
    if (draining.current) return;
    draining.current = true;
    dispatchRef.current(queue.shift()!);
    setImmediate(drain);
  });

  const top = stack[stack.length - 1];
  const layout = useMemo(() => ({ width: size.columns, height: contentHeight }), [size.columns, contentHeight]);
  return (
    <ServicesContext.Provider value={services}>
      <RouterContext.Provider value={router}>
        <StatusContext.Provider value={statusApi}>
          <KeyContext.Provider value={keys}>
            <LayoutContext.Provider value={layout}>
              <Box flexDirection="column" width={size.columns} height={size.rows}>
                <Header trail={stack.map((e) => routeTitle(e.route))} message={status.message} tone={status.tone} width={size.columns} />
                <Box width={size.columns} height={contentHeight} display={helpTop === null ? 'flex' : 'none'}>
                  <EntryContext.Provider value={top}>
                    <Screen key={top.id} route={top.route} />
                  </EntryContext.Provider>
                </Box>
                {helpTop !== null ? <HelpOverlay top={helpTop} width={size.columns} height={contentHeight} /> : null}
                <StatusBar user={user} apiUrl={services.apiUrl} width={size.columns} />
              </Box>
            </LayoutContext.Provider>
          </KeyContext.Provider>
        </StatusContext.Provider>
      </RouterContext.Provider>
    </ServicesContext.Provider>
  );
}
