/**
 * Alert webhooks on /watchlists (issue 29 section 5): add one (its signing secret shown once), send
 * a signed test event, read a webhook's delivery log, delete one. A thin view over shared's
 * webhooks view model.
 */
import { useState } from 'react';
import { createWebhooksViewModel, utcMinuteText, visibleControls, type WebhooksState } from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { Spinner } from '../../ui/spinner.tsx';

export function WebhooksPanel() {
  const { client } = useServices();
  const [model] = useState(() => createWebhooksViewModel({ client }));
  const state = useStartedViewModel(model);
  const [url, setUrl] = useState('');

  return (
    <section className="webhooks panel" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className="panel__title">
        Webhooks
      </h2>
      <p className="muted">
        Every alert of your lists is posted as JSON, signed with HMAC-SHA256 (headers X-Credence-Timestamp and X-Credence-Signature), and
        retried with backoff for 24 hours.
      </p>
      {state.message && (
        <p className={`notice notice--${state.message.kind === 'error' ? 'error' : 'success'}`} role="status">
          {state.message.text}
        </p>
      )}
      {state.secret && (
        <div className="notice notice--info webhooks__secret" role="status">
          <p>
            Signing secret for {visibleControls(state.secret.url)}, shown this once: <code>{state.secret.secret}</code>
          </p>
          <button type="button" className="button button--ghost" onClick={() => model.dismissSecret()}>
            I have kept it
          </button>
        </div>
      )}
      <form
        className="webhooks__add"
        onSubmit={(event) => {
          event.preventDefault();
          void model.add(url).then((added) => added && setUrl(''));
        }}
      >
        <label>
          Webhook address
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.example.com/credence" />
        </label>
        <button type="submit" className="button button--secondary" disabled={state.busy}>
          Add webhook
        </button>
      </form>
      {state.status === 'loading' && <Spinner label="Reading your webhooks" />}
      {state.status === 'ready' && state.webhooks.length === 0 && <p className="muted">No webhooks yet.</p>}
      {state.webhooks.length > 0 && (
        <ul className="webhooks__list">
          {state.webhooks.map((hook) => {
            const address = visibleControls(hook.url);
            return (
              <li key={hook.id} className="webhooks__item">
                <span className="webhooks__url">{address}</span>
                <span className="muted">added {utcMinuteText(hook.created_at)} UTC</span>
                <span className="webhooks__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={state.busy}
                    onClick={() => void model.test(hook.id)}
                    aria-label={`Send test event to ${address}`}
                  >
                    Send test
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => (state.log?.id === hook.id ? model.closeLog() : model.openLog(hook.id))}
                    aria-expanded={state.log?.id === hook.id}
                    aria-label={`Delivery log of ${address}`}
                  >
                    Delivery log
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={state.busy}
                    onClick={() => void model.remove(hook.id)}
                    aria-label={`Delete the webhook to ${address}`}
                  >
                    Delete
                  </button>
                </span>
                {state.log?.id === hook.id && <DeliveryLog log={state.log} address={address} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function DeliveryLog({ log, address }: { log: NonNullable<WebhooksState['log']>; address: string }) {
  if (log.status === 'loading') return <Spinner label="Reading the delivery log" />;
  if (log.status === 'error') return null;
  if (log.rows.length === 0) return <p className="muted">No alerts posted to it yet (test events are not logged).</p>;
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <caption className="visually-hidden">Deliveries to {address}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Alert</th>
            <th scope="col">State</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {log.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.alert}</td>
              <td>{row.state}</td>
              <td>{row.attempts}</td>
              <td>{row.last}</td>
              <td>{row.at} UTC</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
