import net from 'node:net';
import { freePort } from '../helpers/free-port';
import { e2eBackend } from './backend';
import { openBoard, seedBoard, signUp } from './board-fixtures';
import { exposeEngine, inspectCard } from './engine-fixtures';
import { expect, startServer, test, type LootServer } from './fixtures';
import { isLayoutSave, layoutItemsOf } from './ops-fixtures';

/**
 * Done when: two browser contexts of one user on one board, each on a different instance behind
 * PostgreSQL + S3; A's changes reach B through the database (LISTEN/NOTIFY); a kill -9 of the instance serving B's
 * stream sends B to the other instance, where it catches up on what it missed, with no reload. A load balancer
 * stands in front of B: a TCP proxy that sends new connections to whichever instance is alive.
 */
test.skip(e2eBackend() !== 'postgres', 'many instances share one PostgreSQL database; SQLite is one process');

/** A TCP proxy on a free port; `target` picks the instance new connections go to. */
async function loadBalancer(target: () => string) {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const { port } = new URL(target());
    const upstream = net.connect(Number(port), '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      // An instance that died mid-stream ends both sides; the browser sees a dropped connection, as behind a real one.
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

test("each context on its own instance: A's changes reach B, and B survives its instance's kill -9", async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(180_000);
  const api = await signUp(page, server);
  const seeded = await seedBoard(
    api,
    'Team board',
    ['Shops'],
    [{ title: 'Gem Shop', section: 'Shops' }, { title: 'Coin Pack' }],
  );
  let second: LootServer | null = await startServer({}, { instanceOf: server });
  let target = second.url;
  const balancer = await loadBalancer(() => target);
  const contextB = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const b = await contextB.newPage();
    await exposeEngine(b);
    // Every layout B writes, to check at the end that B never laid out cards another screen added.
    const layoutsByB: { type: string; id: number }[][] = [];
    b.on('request', (r) => {
      if (isLayoutSave(r)) layoutsByB.push(layoutItemsOf(r));
    });
    await openBoard(b, { ...server, url: balancer.url }, { expectLayout: false });
    const canvas = b.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-live', 'live');

    // A, on the first instance, moves a card and renames the board; B hears it from the second.
    const coin = (await api.card(seeded.boardId, seeded.cards['Coin Pack'].id))!;
    const before = (await inspectCard(b, coin.id))!.screenRect;
    await api.call('PATCH', `/api/cards/${coin.id}/position`, {
      position: { x: coin.position.x + 40, y: coin.position.y + 30 },
    });
    await expect.poll(async () => (await inspectCard(b, coin.id))?.screenRect.x).toBe(before.x + 40);
    await api.call('PATCH', `/api/boards/${seeded.boardId}`, { title: 'Renamed on instance one' });
    await expect(b.getByText('Renamed on instance one')).toBeVisible();
    const added = await api.call<{ id: number }>('POST', '/api/cards', {
      boardId: seeded.boardId,
      title: 'Energy Refill',
      description: 'x',
      images: [],
      tags: [],
      game: '',
      gameLink: '',
      isBookmarked: 0,
      orientation: 'horizontal',
      sectionId: null,
    });
    await expect.poll(async () => (await inspectCard(b, added.id)) !== null).toBe(true);

    // B's instance dies. A page that reloaded would lose this mark.
    await b.evaluate(() => ((window as unknown as { stillThisPage?: boolean }).stillThisPage = true));
    process.kill(second.pid, 'SIGKILL');

    // Changes made while nothing serves B (its reconnects are refused): B must catch up on them from where it was.
    await api.call('PATCH', `/api/cards/${coin.id}/position`, {
      position: { x: coin.position.x + 140, y: coin.position.y + 30 },
    });
    await api.call('PATCH', `/api/boards/${seeded.boardId}`, { title: 'Renamed during the failover' });
    const gem = seeded.cards['Gem Shop'];
    await api.call('DELETE', `/api/cards/${gem.id}`);
    const late = await api.call<{ id: number }>('POST', '/api/cards', {
      boardId: seeded.boardId,
      title: 'Lucky Spin',
      description: 'x',
      images: [],
      tags: [],
      game: '',
      gameLink: '',
      isBookmarked: 0,
      orientation: 'horizontal',
      sectionId: null,
    });
    // The balancer notices: new connections go to the first instance.
    target = server.url;

    await expect(canvas).toHaveAttribute('data-live', 'live', { timeout: 30_000 });
    await expect(b.getByText('Renamed during the failover')).toBeVisible();
    expect((await api.card(seeded.boardId, coin.id))!.position).toEqual({
      x: coin.position.x + 140,
      y: coin.position.y + 30,
    });
    await expect.poll(async () => (await inspectCard(b, coin.id))?.screenRect.x).toBe(before.x + 140);
    await expect.poll(async () => inspectCard(b, gem.id)).toBeNull();
    await expect.poll(async () => (await inspectCard(b, late.id)) !== null).toBe(true);
    expect(await b.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);

    // And live again from the first instance.
    await api.call('PATCH', `/api/boards/${seeded.boardId}`, { title: 'Back to live' });
    await expect(b.getByText('Back to live')).toBeVisible();
    // B only listened: the cards that arrived are the adding screen's to lay out (B laying the board out again
    // wrote over A's moves), so A's move still stands.
    const laidOutByB = layoutsByB
      .flat()
      .filter((u) => u.type === 'card')
      .map((u) => u.id);
    expect(laidOutByB).not.toContain(added.id);
    expect(laidOutByB).not.toContain(late.id);
    expect((await api.card(seeded.boardId, coin.id))!.position).toEqual({
      x: coin.position.x + 140,
      y: coin.position.y + 30,
    });
  } finally {
    await contextB.close();
    await balancer.close();
    await second?.stop();
    second = null;
  }
});
