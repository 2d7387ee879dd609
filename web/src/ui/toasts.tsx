/**
 * Toasts (spec 1 section 9: 5 s for sign-in errors, 6 s for successes). They live above the
 * routes, so a toast raised before a navigation (sign-up, reset) is still read on the next page.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_SUCCESS_MS = 6000;
export const TOAST_ERROR_MS = 5000;

export interface Toaster {
  show(kind: ToastKind, message: string, durationMs?: number): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<Toaster | null>(null);

export function useToaster(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToaster outside ToastProvider');
  return toaster;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string, durationMs = kind === 'error' ? TOAST_ERROR_MS : TOAST_SUCCESS_MS) => {
      const id = next.current++;
      // The same text twice in a row (a double submit) shows once, for the full time again.
      setToasts((list) => [...list.filter((t) => t.message !== message), { id, kind, message }].slice(-4));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const toaster = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <section className="toasts" aria-label="Notifications">
        {/* Polite for successes, assertive for errors: two live regions that are always present. */}
        <div aria-live="polite" className="toasts__list">
          {toasts
            .filter((t) => t.kind !== 'error')
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
        <div aria-live="assertive" className="toasts__list">
          {toasts
            .filter((t) => t.kind === 'error')
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  return (
    <div className={`toast toast--${toast.kind}`} data-testid="toast">
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification">
        ×
      </button>
    </div>
  );
}
