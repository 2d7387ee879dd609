/**
 * A call made once per key for the life of the page: a verification link works once, so the
 * second mount of StrictMode (or a remount) must reuse the first answer, not send it again.
 */
export function onceByKey<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const calls = new Map<string, Promise<T>>();
  return (key, run) => {
    let call = calls.get(key);
    if (!call) {
      call = run();
      calls.set(key, call);
    }
    return call;
  };
}
