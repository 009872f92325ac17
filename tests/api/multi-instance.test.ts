import pg from 'pg';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { closePostgresDatabase, openPostgresDatabase } from '../../api/db/postgres';
import { startServer, type LootServer } from '../e2e/fixtures';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { startS3Server, type TestS3 } from '../helpers/s3-server';

/**
 * Two real Loot processes (api/server.ts, as `npm start` runs it) on one throwaway PostgreSQL cluster and one
 * s3rver bucket behave as one site: every request goes to the next instance in turn, whoever sends
 * it. Sessions made on one are valid on the other; a free user's concurrent queries split across both stop at the
 * monthly limit; a Stripe event delivered to both is applied once; a card written on one is read on the other at
 * once (board content pages included, which each process caches by content version); and a kill -9 of one
 * process in the middle of a write load loses no write that was answered 2xx.
 *
 * No skip: without the PostgreSQL binaries startPgCluster throws and the test fails (CI installs them).
 */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_loot_multi',
  STRIPE_WEBHOOK_SECRET: 'whsec_loot_multi',
  STRIPE_PRICE_BASIC: 'price_basic',
  STRIPE_PRICE_LIGHT: 'price_light',
  STRIPE_PRICE_PRO: 'price_pro',
};
const USERS = 20;
const FREE_LIMIT = 5;

let cluster: PgCluster;
let s3: TestS3;
let stripe: FakeStripe;
let databaseUrl: string;
let sql: pg.Pool;
let servers: LootServer[] = [];

beforeAll(async () => {
  cluster = startPgCluster();
  databaseUrl = await cluster.createDatabase('loot_multi');
  [s3, stripe] = await Promise.all([startS3Server(), startFakeStripe()]);
  const env = {
    DATABASE_URL: databaseUrl,
    ...s3.env('site'),
    ...STRIPE_ENV,
    STRIPE_API_BASE: `http://${stripe.connection.host}:${stripe.connection.port}`,
    // The catalogue (games and features, which queries need) is loaded once below; its thousands of images are not
    // drawn into the bucket: nothing here shows them.
    LOOT_SEED_CATALOGUE: '0',
  };
  // Both start at once on an empty database: the migrations run once, under their advisory lock.
  servers = await Promise.all([startServer(env), startServer(env)]);
  const db = await openPostgresDatabase(databaseUrl, { max: 2 });
  try {
    await loadCatalogue(db, planCatalogue(readCatalogueDir().data));
  } finally {
    await closePostgresDatabase(db);
  }
  sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await sql?.end();
  await stripe?.close();
  await s3?.close();
  cluster?.stop();
});

type Answer = { status: number; body: any; instance: number };

/** Round-robin by request: each call goes to the next instance, whoever makes it. */
let turn = 0;
const next = () => turn++ % servers.length;
const other = (instance: number) => (instance + 1) % servers.length;

async function call(instance: number, method: string, path: string, cookie?: string, json?: unknown): Promise<Answer> {
  const base = servers[instance].url;
  const headers: Record<string, string> = { origin: base };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, instance };
}

const send = (method: string, path: string, cookie?: string, json?: unknown) =>
  call(next(), method, path, cookie, json);

type User = { email: string; cookie: string; boardId: number };

async function register(email: string): Promise<User> {
  const instance = next();
  const res = await fetch(`${servers[instance].url}/api/auth/register`, {
    method: 'POST',
    headers: { origin: servers[instance].url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `Multi-instance ${email} 42!` }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('loot_session='))!
    .split(';')[0];
  // The session made on this instance is valid on the other at once.
  const me = await call(other(instance), 'GET', '/api/current-user', cookie);
  expect(me).toMatchObject({ status: 200, body: { email } });
  const board = await send('POST', '/api/boards', cookie, { title: `Board of ${email}` });
  expect(board.status).toBe(201);
  return { email, cookie, boardId: board.body.id };
}

const cardBody = (boardId: number, title: string) => ({
  boardId,
  title,
  description: 'multi',
  game: 'Royal Match',
  tags: ['Offer'],
  position: { x: 10, y: 20 },
});

describe('two Loot processes on one PostgreSQL and one bucket', () => {
  let users: User[];

  it('serve 20 users round-robin as one site: sessions, cards, content pages, uploads, queries', async () => {
    users = await Promise.all(Array.from({ length: USERS }, (_, i) => register(`multi-${i + 1}@example.com`)));
    let requests = USERS * 3;
    await Promise.all(
      users.map(async (user, u) => {
        // Each user's board page, read (and cached by that process) before the writes below.
        for (let i = 0; i < 2; i++)
          expect((await send('GET', `/api/boards/${user.boardId}/content`, user.cookie)).status).toBe(200);
        const ids: number[] = [];
        for (let c = 0; c < 4; c++) {
          const title = `Card ${c + 1} of user ${u + 1}`;
          const created = await send('POST', '/api/cards', user.cookie, cardBody(user.boardId, title));
          expect(created.status).toBe(201);
          ids.push(created.body.id);
          // Written on one instance, read on the other at once: the card, and the board's content page.
          const read = await call(other(created.instance), 'GET', `/api/cards/${created.body.id}`, user.cookie);
          expect(read).toMatchObject({ status: 200, body: { id: created.body.id, title } });
          const page = await call(other(created.instance), 'GET', `/api/boards/${user.boardId}/content`, user.cookie);
          expect(page.body.total).toBe(c + 1);
          requests += 3;
        }
        const moved = await send('PATCH', `/api/cards/${ids[0]}/position`, user.cookie, {
          position: { x: 500 + u, y: 600 },
        });
        expect(moved.status).toBe(200);
        const marked = await send('PATCH', `/api/cards/${ids[1]}/bookmark`, user.cookie);
        expect(marked.status).toBe(200);
        const page = await call(other(moved.instance), 'GET', `/api/boards/${user.boardId}/content`, user.cookie);
        const rows = page.body.rows as [number, number | null, number, number, number, number][];
        expect(rows.find((r) => r[0] === ids[0])?.slice(2, 4)).toEqual([500 + u, 600]);
        expect(rows.find((r) => r[0] === ids[1])?.[5]).toBe(1);
        const bookmarks = await send('GET', '/api/bookmarks', user.cookie);
        expect(bookmarks.status).toBe(200);
        expect(JSON.stringify(bookmarks.body)).toContain(`Card 2 of user ${u + 1}`);
        const boards = await send('GET', '/api/boards', user.cookie);
        expect((boards.body as { id: number }[]).map((b) => b.id)).toContain(user.boardId);
        const query = await send('POST', '/api/gemini/process', user.cookie, {
          query: 'starter packs in match-3 games',
          boardId: user.boardId,
        });
        expect(query.status, JSON.stringify(query.body)).toBe(200);
        const me = await send('GET', '/api/current-user', user.cookie);
        expect(me.body).toMatchObject({ email: user.email, usage_count: 1, monthly_limit: FREE_LIMIT });
        requests += 9;
      }),
    );
    expect(requests).toBeGreaterThanOrEqual(300);

    // An uploaded image goes to the shared bucket through one instance and is served by the other.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'shot.png');
    const up = await fetch(`${servers[0].url}/api/boards/${users[0].boardId}/images`, {
      method: 'POST',
      headers: { origin: servers[0].url, cookie: users[0].cookie },
      body: form,
    });
    expect(up.status).toBe(201);
    const image = ((await up.json()) as { images: string[] }).images[0];
    expect(image).toMatch(/^\/api\/storage\/own\//);
    const served = await fetch(`${servers[1].url}${image}`, { headers: { cookie: users[0].cookie } });
    expect(served.status).toBe(200);
    expect(
      Buffer.from(await served.arrayBuffer()).equals(png) || served.headers.get('content-type') === 'image/png',
    ).toBe(true);
    expect(s3.puts().some((key) => key.startsWith('site/own/'))).toBe(true);

    // Signing out on one instance ends the session on the other.
    const gone = users.pop()!;
    expect((await call(0, 'POST', '/api/logout', gone.cookie)).status).toBeLessThan(400);
    expect((await call(1, 'GET', '/api/current-user', gone.cookie)).status).toBe(401);
  }, 90_000);

  it("a free user's concurrent queries split across both instances never pass the monthly limit", async () => {
    const user = users[0];
    // One query is already counted; 12 more at once, alternating instances.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2, 'POST', '/api/gemini/process', user.cookie, {
          query: 'battle pass rewards',
          boardId: user.boardId,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(FREE_LIMIT - 1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(12 - (FREE_LIMIT - 1));
    for (const a of answers.filter((x) => x.status === 403)) expect(a.body.error.code).toBe('limit_reached');
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.instance)).size).toBeGreaterThan(0);
    const { rows } = await sql.query('select usage_count from users where email = $1', [user.email]);
    expect(rows[0].usage_count).toBe(FREE_LIMIT);
    const queries = await sql.query(
      'select count(*)::int n from queries q join users u on u.id = q.user_id where u.email = $1',
      [user.email],
    );
    expect(queries.rows[0].n).toBe(FREE_LIMIT);
  }, 30_000);

  it('a Stripe event delivered to both instances at once is applied once', async () => {
    const signer = new Stripe('sk_test_signing_only');
    for (const [i, user] of users.slice(1, 4).entries()) {
      // A checkout on one instance makes the Stripe customer; Stripe then reports a live Light subscription.
      const checkout = await send('POST', '/api/stripe/create-checkout-session', user.cookie, { planId: 3 });
      expect(checkout.status).toBe(200);
      const { rows } = await sql.query('select id, stripe_customer_id from users where email = $1', [user.email]);
      const customer = rows[0].stripe_customer_id as string;
      expect(customer).toMatch(/^cus_/);
      stripe.subscriptions.set(`sub_multi_${i}`, {
        id: `sub_multi_${i}`,
        customer,
        status: 'active',
        priceId: 'price_light',
      });
      const payload = JSON.stringify({
        id: `evt_multi_${i}`,
        object: 'event',
        type: 'customer.subscription.created',
        data: {
          object: {
            id: `sub_multi_${i}`,
            object: 'subscription',
            customer,
            status: 'active',
            metadata: {},
            items: { object: 'list', data: [] },
          },
        },
      });
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET });
      const deliver = (instance: number) =>
        fetch(`${servers[instance].url}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { received: boolean; duplicate?: boolean },
        }));
      const both = await Promise.all([deliver(0), deliver(1), deliver(0), deliver(1)]);
      expect(both.map((b) => b.status)).toEqual([200, 200, 200, 200]);
      expect(both.filter((b) => !b.body.duplicate)).toHaveLength(1);
      expect(both.filter((b) => b.body.duplicate)).toHaveLength(3);
      const events = await sql.query('select count(*)::int n from stripe_events where id = $1', [`evt_multi_${i}`]);
      expect(events.rows[0].n).toBe(1);
      const me = await send('GET', '/api/current-user', user.cookie);
      expect(me.body).toMatchObject({ plan_id: 3, monthly_limit: 150 });
    }
  }, 30_000);

  it('sign-in throttles, share codes and layout saves hold across both instances', async () => {
    // Five wrong passwords for one account, alternating instances: the sixth attempt is refused on either.
    const target = users[4];
    for (let i = 0; i < 5; i++) {
      const wrong = await call(i % 2, 'POST', '/api/auth/login', undefined, {
        email: target.email,
        password: `wrong password ${i}`,
      });
      expect(wrong.status).toBe(401);
    }
    for (const instance of [0, 1]) {
      const refused = await call(instance, 'POST', '/api/auth/login', undefined, {
        email: target.email,
        password: `Multi-instance ${target.email} 42!`,
      });
      expect(refused.status).toBe(429);
    }

    // A board shared on one instance is copied through its code on the other.
    const owner = users[5];
    const shared = await call(0, 'PATCH', `/api/boards/${owner.boardId}`, owner.cookie, { isShared: 1 });
    expect(shared.body.shareCode).toEqual(expect.any(String));
    const copy = await call(1, 'GET', `/api/share/${shared.body.shareCode}`, users[6].cookie);
    expect(copy.status).toBe(200);
    const original = await call(1, 'GET', `/api/boards/${owner.boardId}/content`, owner.cookie);
    const copied = await call(0, 'GET', `/api/boards/${copy.body.boardId}/content`, users[6].cookie);
    expect(copied.body.total).toBe(original.body.total);

    // A layout of every card through the ops door on one instance; the other serves the new positions.
    const cards = (original.body.rows as number[][]).map((r) => r[0]);
    const placed = cards.map((id, i) => ({ id, position: { x: 1000 + i * 10, y: 77 } }));
    const saved = await call(0, 'POST', `/api/boards/${owner.boardId}/ops`, owner.cookie, {
      batchId: `multi-instance-layout-${process.pid}`,
      ops: [{ type: 'layout.set', cards: placed }],
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { change: { cards: unknown[] } }).change.cards).toHaveLength(cards.length);
    const after = await call(1, 'GET', `/api/boards/${owner.boardId}/content`, owner.cookie);
    expect((after.body.rows as number[][]).map((r) => [r[0], r[2], r[3]])).toEqual(
      cards.map((id, i) => [id, 1000 + i * 10, 77]),
    );
  }, 30_000);

  it('both instances live through PostgreSQL ending all their connections (a restart, a failover)', async () => {
    const user = users[7];
    for (const instance of [0, 1])
      expect((await call(instance, 'GET', '/api/current-user', user.cookie)).status).toBe(200);
    const ended = await sql.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    expect(ended.rowCount).toBeGreaterThan(0);
    for (const instance of [0, 1]) {
      // A query that met a connection in the moment it was ended may fail; the process goes on and opens new ones.
      const created = await vi.waitFor(
        async () => {
          const answer = await call(
            instance,
            'POST',
            '/api/cards',
            user.cookie,
            cardBody(user.boardId, `After the restart ${instance}`),
          );
          expect(answer.status).toBe(201);
          return answer;
        },
        { timeout: 5_000, interval: 200 },
      );
      expect((await call(other(instance), 'GET', `/api/cards/${created.body.id}`, user.cookie)).status).toBe(200);
    }
  }, 30_000);

  it('a kill -9 of one instance in the middle of a write load loses no acknowledged write', async () => {
    const acknowledged = new Map<number, string>();
    let failed = 0;
    let afterKill = 0;
    let killed = false;
    const until = Date.now() + 4_000;
    const killer = new Promise<void>((resolve) =>
      setTimeout(() => {
        process.kill(servers[1].pid, 'SIGKILL');
        killed = true;
        resolve();
      }, 1_500),
    );
    await Promise.all(
      users.map(async (user, u) => {
        for (let i = 0; Date.now() < until; i++) {
          const title = `Load ${u + 1}.${i + 1}`;
          const instance = next();
          const answer = await call(instance, 'POST', '/api/cards', user.cookie, cardBody(user.boardId, title)).catch(
            () => null,
          );
          if (answer && answer.status >= 200 && answer.status < 300) {
            acknowledged.set(answer.body.id as number, title);
            if (killed) afterKill++;
          } else failed++;
        }
      }),
    );
    await killer;
    // Some writes died with the killed process; the survivor went on writing (no lock left held by the dead one).
    expect(failed).toBeGreaterThan(0);
    expect(afterKill).toBeGreaterThan(10);
    const { rows } = await sql.query('select id, title from cards where id = any($1::int[])', [
      [...acknowledged.keys()],
    ]);
    const stored = new Map(rows.map((r) => [r.id as number, r.title as string]));
    const lost = [...acknowledged].filter(([id, title]) => stored.get(id) !== title);
    expect(lost).toEqual([]);
    expect(stored.size).toBe(acknowledged.size);
    // The survivor still answers, and sees every acknowledged card.
    const total = await call(0, 'GET', `/api/boards/${users[1].boardId}/content?cursor=0&limit=5000`, users[1].cookie);
    const ids = new Set((total.body.rows as number[][]).map((r) => r[0]));
    for (const [id, title] of acknowledged) if (title.startsWith('Load 2.')) expect(ids.has(id)).toBe(true);
  }, 30_000);
});
