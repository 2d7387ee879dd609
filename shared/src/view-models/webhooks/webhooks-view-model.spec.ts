import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ApiError } from '../../client/errors.js';
import type { Webhook, WebhookDelivery } from '../../contracts/watchlists.js';
import { pendingClient, settle } from '../testing/fakes.js';
import { createWebhooksViewModel, deliveryRow, webhookTestText } from './webhooks-view-model.js';

const hook = (id: string, url: string): Webhook => ({ id, url, created_at: '2026-11-30T00:00:00.000Z' });
const delivery = (part: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: '1',
  alert_id: '42',
  attempts: 1,
  first_at: '2026-11-30T00:00:00.000Z',
  next_at: '2026-11-30T00:01:00.000Z',
  delivered_at: null,
  given_up_at: null,
  last_status: null,
  last_error: null,
  ...part,
});

describe('the webhooks model', () => {
  it('adds a webhook and shows its secret once, then lists it; dismissing hides the secret', async () => {
    let hooks: Webhook[] = [];
    const { client, callsOf } = pendingClient({
      webhooks: () => ({ data: { webhooks: hooks } }),
      addWebhook: (url: string) => {
        hooks = [hook('w1', url)];
        return { data: { webhook: { ...hooks[0], secret: 'whsec_abc' } } };
      },
    });
    const model = createWebhooksViewModel({ client });
    model.start();
    await settle();
    expect(model.getState()).toMatchObject({ status: 'ready', webhooks: [] });
    expect(await model.add('  https://hooks.example.com/credence ')).toBe(true);
    await settle();
    expect(callsOf('addWebhook')[0].args[0]).toBe('https://hooks.example.com/credence');
    expect(model.getState().secret).toEqual({ url: 'https://hooks.example.com/credence', secret: 'whsec_abc' });
    expect(model.getState().webhooks.map((w) => w.id)).toEqual(['w1']);
    model.dismissSecret();
    expect(model.getState().secret).toBeNull();
  });

  it('says what the receiver answered to a test event: delivered, an error status, or no answer', () => {
    expect(webhookTestText('https://a.example', { status: 204, error: null })).toEqual({
      kind: 'success',
      text: 'https://a.example answered 204: the signed test event was delivered.',
    });
    expect(webhookTestText('https://a.example', { status: 500, error: null }).kind).toBe('error');
    expect(webhookTestText('https://a.example', { status: 500, error: null }).text).toContain('answered 500');
    expect(webhookTestText('https://a.example\u001b[2J', { status: null, error: 'connect ECONNREFUSED' })).toEqual({
      kind: 'error',
      text: 'The test event did not reach https://a.example^[[2J: connect ECONNREFUSED.',
    });
  });

  it('reads the delivery log as delivered, retrying or given up, with the last answer', async () => {
    expect(deliveryRow(delivery({ delivered_at: '2026-11-30T00:00:05.000Z', last_status: 200 }))).toMatchObject({
      state: 'Delivered',
      last: 'HTTP 200',
      at: '2026-11-30 00:00',
    });
    expect(deliveryRow(delivery({ attempts: 3, last_error: 'timeout' }))).toMatchObject({
      state: 'Retrying',
      attempts: 3,
      last: 'timeout',
    });
    expect(deliveryRow(delivery({ given_up_at: '2026-12-01T00:00:00.000Z', last_status: 503 })).state).toBe('Given up');

    const { client } = pendingClient({
      webhooks: { data: { webhooks: [hook('w1', 'https://a.example')] } },
      webhookDeliveries: { data: { deliveries: [delivery({ delivered_at: '2026-11-30T00:00:05.000Z', last_status: 200 })] } },
    });
    const model = createWebhooksViewModel({ client });
    model.start();
    model.openLog('w1');
    await settle();
    expect(model.getState().log).toMatchObject({ id: 'w1', status: 'ready', rows: [{ alert: 'Alert 42', state: 'Delivered' }] });
    model.closeLog();
    expect(model.getState().log).toBeNull();
  });

  it('deletes a webhook and says so; another user’s webhook reads as not yours', async () => {
    const { client, callsOf } = pendingClient({
      webhooks: { data: { webhooks: [hook('w1', 'https://a.example')] } },
      deleteWebhook: (id: string) => {
        if (id === 'w1') return { status: 'success' };
        throw new ApiError({ status: 404, error: 'No such webhook', call: 'POST /api/webhooks/x/delete' });
      },
    });
    const model = createWebhooksViewModel({ client });
    model.start();
    await settle();
    await model.remove('w1');
    expect(model.getState().message).toEqual({
      kind: 'success',
      text: 'Deleted the webhook to https://a.example: no more alerts are posted to it.',
    });
    await model.remove('someone-else');
    expect(model.getState().message).toEqual({ kind: 'error', text: 'No such webhook: it is not one of yours, or it was deleted.' });
    expect(callsOf('webhooks').length).toBeGreaterThanOrEqual(3);
  });
});
