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
  /** Unix seconds; the item's current_period_start. */
  currentPeriodStart?: number;
  cancelAtPeriodEnd?: boolean;
  /** The card is declined: a change that must be paid now stays pending (pending_if_incomplete) instead. */
  cardDeclines?: boolean;
  /** Set when a change could not be paid: the price it waits for. */
  pendingPriceId?: string;
  /** Stripe answers a server error to this subscription's cancellation. */
  cancelFails?: boolean;
};

/** Monthly prices (cents) of the test price ids, for the invoice previews. */
export const FAKE_PRICE_AMOUNTS: Record<string, number> = { price_basic: 999, price_light: 1999, price_pro: 4999 };

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
          price: { id: s.priceId, object: 'price', unit_amount: FAKE_PRICE_AMOUNTS[s.priceId] ?? null },
          current_period_start: s.currentPeriodStart ?? null,
          current_period_end: s.currentPeriodEnd ?? null,
        },
      ],
    },
    pending_update: s.pendingPriceId
      ? {
          object: 'pending_update',
          expires_at: (s.currentPeriodEnd ?? 0) || null,
          subscription_items: [{ id: s.itemId ?? `si_${s.id}`, price: { id: s.pendingPriceId, object: 'price' } }],
        }
      : null,
  };
}

type ProrationLine = { amount: number; description: string; start: number; end: number };

/**
 * Stripe's proration of a price change on `date`: the unused rest of the period at the old price is credited and
 * the same rest at the new price is charged, each in proportion to the time left (whole cents, rounded).
 */
export function prorate(s: FakeSubscription, newPriceId: string, date: number): ProrationLine[] {
  const start = s.currentPeriodStart ?? date - 10 * 86_400;
  const end = s.currentPeriodEnd ?? date + 20 * 86_400;
  const left = Math.max(0, Math.min(1, (end - date) / (end - start)));
  const oldAmount = FAKE_PRICE_AMOUNTS[s.priceId] ?? 0;
  const newAmount = FAKE_PRICE_AMOUNTS[newPriceId] ?? 0;
  return [
    { amount: -Math.round(oldAmount * left), description: `Unused time on ${s.priceId}`, start: date, end },
    { amount: Math.round(newAmount * left), description: `Remaining time on ${newPriceId}`, start: date, end },
  ];
}

function previewInvoice(s: FakeSubscription, id: string, lines: ProrationLine[]) {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id,
    object: 'invoice',
    customer: s.customer,
    currency: 'usd',
    billing_reason: 'subscription_update',
    subtotal: total,
    total,
    amount_due: Math.max(0, total),
    period_start: lines[0]?.start ?? 0,
    period_end: lines[0]?.start ?? 0,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: s.id, metadata: s.metadata ?? {} },
      quote_details: null,
    },
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: lines.map((line, i) => ({
        id: `il_tmp_${id}_${i}`,
        object: 'line_item',
        amount: line.amount,
        currency: 'usd',
        description: line.description,
        period: { start: line.start, end: line.end },
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: true,
            proration_details: { credited_items: null },
            subscription: s.id,
            subscription_item: s.itemId ?? `si_${s.id}`,
          },
        },
      })),
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
      const notFound = () =>
        send(404, { error: { type: 'invalid_request_error', message: 'No such object', code: 'resource_missing' } });
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
        return send(200, {
          id,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/${id}`,
          customer: form.get('customer'),
        });
      }
      if (req.method === 'POST' && p === '/v1/invoices/create_preview') {
        const sub = subscriptions.get(form.get('subscription') ?? '');
        const price = form.get('subscription_details[items][0][price]');
        const date = Number(form.get('subscription_details[proration_date]'));
        if (!sub || !price || !date)
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Preview needs subscription, price and proration_date' },
          });
        return send(200, previewInvoice(sub, nextId('upcoming_in'), prorate(sub, price, date)));
      }
      if ((m = p.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
        const sub = subscriptions.get(decodeURIComponent(m[1]));
        if (!sub) return notFound();
        if (req.method === 'DELETE') {
          if (sub.cancelFails) return send(500, { error: { type: 'api_error', message: 'Stripe is unavailable' } });
          // subscriptions.cancel: the subscription ends now.
          sub.status = 'canceled';
          return send(200, subscriptionObject(sub));
        }
        if (req.method === 'POST') {
          const price = form.get('items[0][price]');
          const date = Number(form.get('proration_date')) || Math.floor(Date.now() / 1000);
          const charge = price ? prorate(sub, price, date).reduce((sum, line) => sum + line.amount, 0) : 0;
          const unpaid =
            !!price && sub.cardDeclines === true && charge > 0 && form.get('proration_behavior') === 'always_invoice';
          if (unpaid && form.get('payment_behavior') === 'pending_if_incomplete') sub.pendingPriceId = price!;
          else if (price) {
            // A later change that goes through expires the pending one.
            sub.priceId = price;
            sub.pendingPriceId = undefined;
          }
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
