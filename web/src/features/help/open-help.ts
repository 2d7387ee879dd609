/**
 * Opens the help widget's Help Center from anywhere (the explorer sidebar's "Help & FAQ", spec 2
 * 2.13) without importing the widget: the widget is its own chunk, loaded by the app shell, and
 * subscribes here. A request made before it has loaded is kept and served when it subscribes.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let pending = false;

export function openHelpCenter(): void {
  if (listeners.size === 0) pending = true;
  for (const listener of listeners) listener();
}

/** The widget's side: called on every request; returns the unsubscribe. */
export function onOpenHelpCenter(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) {
    pending = false;
    listener();
  }
  return () => listeners.delete(listener);
}
