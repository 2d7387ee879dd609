/**
 * Your alert webhooks (issue 29 section 5): add one (its signing secret shown once), send a signed
 * test event and say what the receiver answered, read a webhook's delivery log, delete one.
 * Another user's webhook is not yours to see: the API answers 404 and this says so.
 */
import type { WatchlistsApi } from '../../client/watchlists-client.js';
import type { Webhook, WebhookDelivery, WebhookTestResult } from '../../contracts/watchlists.js';
import { visibleControls } from '../../rules/inert-text/terminal-text.js';
import { utcMinuteText } from '../../rules/watchlists.js';
import { errorStatus, isAbort, serverText } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';

export interface DeliveryRow {
  id: string;
  alert: string;
  /** "Delivered", "Given up", or "Retrying". */
  state: string;
  attempts: number;
  /** The last answer: "HTTP 500", the error, or "". */
  last: string;
  /** When (UTC, to the minute): the outcome (delivered, given up) or the next try. */
  at: string;
}

export interface WebhooksState {
  status: 'loading' | 'ready' | 'error';
  webhooks: readonly Webhook[];
  /** The webhook just added and its signing secret: shown this once, until dismissed. */
  secret: { url: string; secret: string } | null;
  /** The webhook whose delivery log is open. */
  log: { id: string; status: 'loading' | 'ready' | 'error'; rows: readonly DeliveryRow[] } | null;
  busy: boolean;
  message: { kind: 'success' | 'error'; text: string } | null;
}

type Client = Pick<WatchlistsApi, 'webhooks' | 'addWebhook' | 'testWebhook' | 'webhookDeliveries' | 'deleteWebhook'>;

export interface WebhooksViewModel extends ReadableStore<WebhooksState> {
  start(): void;
  dispose(): void;
  add(url: string): Promise<boolean>;
  test(id: string): Promise<void>;
  openLog(id: string): void;
  closeLog(): void;
  remove(id: string): Promise<void>;
  dismissSecret(): void;
}

/** What a test event met, in one sentence. */
export function webhookTestText(url: string, result: WebhookTestResult): { kind: 'success' | 'error'; text: string } {
  const where = visibleControls(url);
  if (result.status === null)
    return { kind: 'error', text: `The test event did not reach ${where}: ${visibleControls(result.error ?? 'no answer')}.` };
  if (result.status >= 200 && result.status < 300)
    return { kind: 'success', text: `${where} answered ${result.status}: the signed test event was delivered.` };
  return { kind: 'error', text: `${where} answered ${result.status}: alerts to it would be retried for 24 hours, then given up.` };
}

/** One delivery as the log shows it. */
export function deliveryRow(delivery: WebhookDelivery): DeliveryRow {
  const last = delivery.last_status !== null ? `HTTP ${delivery.last_status}` : visibleControls(delivery.last_error ?? '');
  const [state, at] = delivery.delivered_at
    ? ['Delivered', delivery.delivered_at]
    : delivery.given_up_at
      ? ['Given up', delivery.given_up_at]
      : ['Retrying', delivery.next_at];
  return { id: delivery.id, alert: `Alert ${delivery.alert_id}`, state, attempts: delivery.attempts, last, at: utcMinuteText(at) };
}

export function createWebhooksViewModel({ client }: { client: Client }): WebhooksViewModel {
  const store = createStore<WebhooksState>({ status: 'loading', webhooks: [], secret: null, log: null, busy: false, message: null });
  const listRequest = createLatestRequest();
  const logRequest = createLatestRequest();
  const failed = (error: unknown, fallback: string) =>
    errorStatus(error) === 404 ? 'No such webhook: it is not one of yours, or it was deleted.' : (serverText(error) ?? fallback);

  function load(): void {
    const ticket = listRequest.next();
    client
      .webhooks({ signal: ticket.signal })
      .then((answer) => ticket.isCurrent() && store.setState({ status: 'ready', webhooks: answer.data.webhooks }))
      .catch((error) => {
        if (isAbort(error) || !ticket.isCurrent()) return;
        store.setState({ status: 'error', message: { kind: 'error', text: serverText(error) ?? 'Your webhooks could not be read.' } });
      });
  }

  const urlOf = (id: string) => store.getState().webhooks.find((w) => w.id === id)?.url ?? 'the webhook';

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start: load,
    dispose() {
      listRequest.cancel();
      logRequest.cancel();
    },
    async add(url) {
      if (store.getState().busy) return false;
      if (url.trim() === '') {
        store.setState({ message: { kind: 'error', text: 'Give the address alerts are posted to (https://…).' } });
        return false;
      }
      store.setState({ busy: true, message: null, secret: null });
      try {
        const webhook = (await client.addWebhook(url.trim())).data.webhook;
        store.setState({
          busy: false,
          secret: { url: webhook.url, secret: webhook.secret },
          message: { kind: 'success', text: `Alerts will be posted to ${visibleControls(webhook.url)}, signed with the secret below.` },
        });
        load();
        return true;
      } catch (error) {
        store.setState({ busy: false, message: { kind: 'error', text: failed(error, 'The webhook could not be added.') } });
        return false;
      }
    },
    async test(id) {
      if (store.getState().busy) return;
      store.setState({ busy: true, message: null });
      try {
        const result = (await client.testWebhook(id)).data;
        store.setState({ busy: false, message: webhookTestText(urlOf(id), result) });
      } catch (error) {
        store.setState({ busy: false, message: { kind: 'error', text: failed(error, 'The test event could not be sent.') } });
      }
    },
    openLog(id) {
      const ticket = logRequest.next();
      store.setState({ log: { id, status: 'loading', rows: [] } });
      client
        .webhookDeliveries(id, { signal: ticket.signal })
        .then(
          (answer) => ticket.isCurrent() && store.setState({ log: { id, status: 'ready', rows: answer.data.deliveries.map(deliveryRow) } }),
        )
        .catch((error) => {
          if (isAbort(error) || !ticket.isCurrent()) return;
          store.setState({
            log: { id, status: 'error', rows: [] },
            message: { kind: 'error', text: failed(error, 'The delivery log could not be read.') },
          });
        });
    },
    closeLog() {
      logRequest.cancel();
      store.setState({ log: null });
    },
    async remove(id) {
      if (store.getState().busy) return;
      const url = urlOf(id);
      store.setState({ busy: true, message: null });
      try {
        await client.deleteWebhook(id);
        store.setState((s) => ({
          busy: false,
          log: s.log?.id === id ? null : s.log,
          message: { kind: 'success', text: `Deleted the webhook to ${visibleControls(url)}: no more alerts are posted to it.` },
        }));
      } catch (error) {
        store.setState({ busy: false, message: { kind: 'error', text: failed(error, 'The webhook could not be deleted.') } });
      }
      load();
    },
    dismissSecret() {
      store.setState({ secret: null });
    },
  };
}
