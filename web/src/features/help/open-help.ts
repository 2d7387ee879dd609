/**
 * Opens the help widget from anywhere without importing it: the explorer sidebar's "Help & FAQ"
 * opens the Help Center (spec 2 2.13), the explorer footer's "Report inaccurate data" opens the
 * Submit Feedback form filled in for the company. The widget is its own chunk, loaded by the app
 * shell, and subscribes here. A request made before it has loaded is kept (the last one) and
 * served when it subscribes.
 */
export type HelpRequest = { view: 'menu' | 'support' } | { view: 'feedback'; subject: string; message: string };

type Listener = (request: HelpRequest) => void;
const listeners = new Set<Listener>();
let pending: HelpRequest | null = null;

function send(request: HelpRequest): void {
  if (listeners.size === 0) pending = request;
  for (const listener of listeners) listener(request);
}

export function openHelpCenter(): void {
  send({ view: 'menu' });
}

/** Opens Contact Support (the e-mail address and phone numbers). */
export function openContactSupport(): void {
  send({ view: 'support' });
}

/** Opens Submit Feedback with the subject and message filled in (the user can still edit them). */
export function openFeedbackForm(subject: string, message: string): void {
  send({ view: 'feedback', subject, message });
}

/** The feedback a "Report inaccurate data" click starts with: the company and where to write. */
export function inaccurateDataReport(
  company: { name: string | null; number: string } | null,
  page: string,
): { subject: string; message: string } {
  const who = company ? (company.name ? `${company.name} (${company.number})` : company.number) : null;
  return {
    subject: who ? `Inaccurate data: ${who}` : 'Inaccurate data',
    message: `${who ? `Company ${who}, ` : ''}page ${page}\n\nWhat is wrong, and what should it say?\n`,
  };
}

/** The widget's side: called on every request; returns the unsubscribe. */
export function onOpenHelpCenter(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) {
    const request = pending;
    pending = null;
    listener(request);
  }
  return () => listeners.delete(listener);
}
