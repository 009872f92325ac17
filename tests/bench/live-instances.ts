import { startPgCluster } from '../helpers/pg-cluster';
import { startServer, type LootServer } from '../e2e/fixtures';
import { devSession, expectOk, percentile, send } from './live-http';
import { openStreams } from './live-streams';

/**
 * "within 1 s on two instances behind PostgreSQL": A writes on one instance, B listens on another, and
 * the change can only cross through the database (LISTEN/NOTIFY). Two kinds of change:
 *   - small (one card moved): the whole change rides in the notification and the stream sends it as it is;
 *   - large (200 cards moved, over NOTIFY's 8 kB): the notification carries the version only, and B's screen fetches
 *     the change from its instance (GET /api/boards/:id/changes?since=), as the web's board store does.
 * Each is timed from A's POST being sent until B holds the change's rows.
 */

export type CrossInstanceResult = {
  rounds: number;
  smallP50: number;
  smallP95: number;
  largeP50: number;
  largeP95: number;
  largeMax: number;
};

export async function startTwoInstances(): Promise<{ a: LootServer; b: LootServer; stop(): Promise<void> }> {
  const cluster = startPgCluster();
  let a: LootServer | null = null;
  let b: LootServer;
  try {
    const env = {
      DATABASE_URL: await cluster.createDatabase('loot_live_bench'),
      LOOT_DEV_LOGIN: '1',
      LOOT_SEED_CATALOGUE: '0',
      // The write limit is for people: the bench's one user sends well over a minute's worth of batches.
      LOOT_BOARD_OPS_PER_MINUTE: '100000000',
    };
    a = await startServer(env);
    b = await startServer(env);
  } catch (err) {
    await a?.stop();
    cluster.stop();
    throw err;
  }
  return {
    a,
    b,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      cluster.stop();
    },
  };
}

export async function measureAcrossInstances(
  a: LootServer,
  b: LootServer,
  rounds: number,
  warmUp = 2,
): Promise<CrossInstanceResult> {
  const cookie = await devSession(a.url);
  const board = await expectOk(send(a.url, 'POST', '/api/boards', { cookie }, { title: 'Across instances' }));
  let batches = 0;
  const ops = (list: unknown[]) => ({ batchId: `cross-${process.pid}-${(batches += 1)}`, ops: list });
  const created = await expectOk(
    send(
      a.url,
      'POST',
      `/api/boards/${board.id}/ops`,
      { cookie },
      ops(
        Array.from({ length: 200 }, (_, i) => ({
          type: 'card.create',
          ref: `c${i}`,
          card: { title: `Card ${i}`, position: { x: i * 10, y: 0 } },
        })),
      ),
    ),
  );
  const cardIds = Object.values(created.refs as Record<string, number>);
  const [stream] = await openStreams(b.url, board.id, cookie, 1);
  try {
    const small: number[] = [];
    const large: number[] = [];
    for (let round = 0; round < rounds + warmUp; round++) {
      let started = performance.now();
      let arrival = stream.nextChange();
      await expectOk(
        send(
          a.url,
          'POST',
          `/api/boards/${board.id}/ops`,
          { cookie },
          ops([{ type: 'card.move', id: cardIds[0], position: { x: round, y: 5 } }]),
        ),
      );
      const heard = await arrival;
      if (heard.event !== 'change')
        throw new Error(`a one-card move arrived as '${heard.event}', not as the change itself`);
      // The first `warmUp` rounds warm both instances up (statements prepared, LISTEN connection busy once).
      if (round >= warmUp) small.push(performance.now() - started);

      started = performance.now();
      arrival = stream.nextChange();
      const answer = await expectOk(
        send(
          a.url,
          'POST',
          `/api/boards/${board.id}/ops`,
          { cookie },
          ops(cardIds.map((id, i) => ({ type: 'card.move', id, position: { x: i * 10 + round, y: 40 } }))),
        ),
      );
      const announced = await arrival;
      if (announced.event !== 'version')
        throw new Error(`a 200-card change arrived as '${announced.event}': expected its version only (over 8 kB)`);
      const since = answer.change.fromVersion as number;
      const fetched = await expectOk(send(b.url, 'GET', `/api/boards/${board.id}/changes?since=${since}`, { cookie }));
      const rows =
        fetched.kind === 'changes' ? fetched.changes.flatMap((c: { cards: unknown[] }) => c.cards).length : 0;
      if (rows < cardIds.length) throw new Error(`B fetched ${rows} card rows of the ${cardIds.length} moved`);
      if (round >= warmUp) large.push(performance.now() - started);
    }
    return {
      rounds,
      smallP50: percentile(small, 50),
      smallP95: percentile(small, 95),
      largeP50: percentile(large, 50),
      largeP95: percentile(large, 95),
      largeMax: Math.max(...large),
    };
  } finally {
    stream.close();
  }
}
