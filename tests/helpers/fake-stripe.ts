import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers the few Stripe API calls Loot makes, in Stripe's wire format
 * (form-encoded requests, JSON objects with `object` and `id`). Tests point the official SDK at it with
 * host/port/protocol and assert the requests the SDK sent.
 */
export type RecordedRequest = { method: string; path: string; form: URLSearchParams; authorization?: string };

export type FakeSubscription = {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  itemId?: string;
  metadata?: Record<string, string>;
  /** Unix seconds; the item's current_period_end on the wire (Stripe moved it from the subscription in 2025). */
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
};

export type FakeStripe = {
  connection: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  subscriptions: Map<string, FakeSubscription>;
  checkoutSessions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
};

function subscriptionObject(s: FakeSubscription) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    metadata: s.metadata ?? {},
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    cancel_at: s.cancelAtPeriodEnd && s.currentPeriodEnd ? s.currentPeriodEnd : null,
    items: {
      object: 'list',
      data: [
        {
          id: s.itemId ?? `si_${s.id}`,
          object: 'subscription_item',
          price: { id: s.priceId, object: 'price' },
          current_period_end: s.currentPeriodEnd ?? null,
        },
      ],
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test${++counter}`;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = new URLSearchParams(req.method === 'GET' ? url.search : body);
      requests.push({ method: req.method ?? '', path: url.pathname, form, authorization: req.headers.authorization });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
        res.end(JSON.stringify(json));
      };
      const notFound = () => send(404, { error: { type: 'invalid_request_error', message: 'No such object', code: 'resource_missing' } });
      const p = url.pathname;
      let m: RegExpMatchArray | null;
      if (req.method === 'POST' && p === '/v1/customers') {
        return send(200, { id: nextId('cus'), object: 'customer', email: form.get('email'), metadata: {} });
      }
      if (req.method === 'POST' && p === '/v1/checkout/sessions') {
        const id = nextId('cs');
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/${id}`,
          customer: form.get('customer'),
          client_reference_id: form.get('client_reference_id'),
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          metadata: { userId: form.get('metadata[userId]'), planId: form.get('metadata[planId]') },
        };
        checkoutSessions.set(id, session);
        return send(200, session);
      }
      if (req.method === 'GET' && (m = p.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
        const session = checkoutSessions.get(decodeURIComponent(m[1]));
        return session ? send(200, session) : notFound();
      }
      if (req.method === 'POST' && p === '/v1/billing_portal/sessions') {
        const id = nextId('bps');
        return send(200, { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/${id}`, customer: form.get('customer') });
      }
      if ((m = p.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
        const sub = subscriptions.get(decodeURIComponent(m[1]));
        if (!sub) return notFound();
        if (req.method === 'POST') {
          const price = form.get('items[0][price]');
          if (price) sub.priceId = price;
          const cancel = form.get('cancel_at_period_end');
          if (cancel !== null) sub.cancelAtPeriodEnd = cancel === 'true';
          return send(200, subscriptionObject(sub));
        }
        return send(200, subscriptionObject(sub));
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unhandled ${req.method} ${p}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    connection: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    subscriptions,
    checkoutSessions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
