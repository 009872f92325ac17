import { mailedToken } from './account-fixtures';
import { drawnCardRect, exposeEngine } from './engine-fixtures';
import { Api, openBoard, seedBoard, signUp, type WireCard } from './board-fixtures';
import { expect, test } from './fixtures';
import { isLayoutSave } from './ops-fixtures';

/**
 * The board's first auto-layout is the board's, kept on the server (spec board-workspace §3): once the
 * owner's screen has laid it out, a teammate opening it for the first time in their own browser does not lay it
 * out again, so the owner's arrangement stays.
 */
test('a member opening an already laid-out board does not move its cards', async ({ page, browser, server }) => {
  const memberContext = await browser.newContext();
  try {
    const member = await memberContext.newPage();
    await exposeEngine(member);
    // The member's account first: with no board of their own, the shared board (the highest id) is the one opened.
    const memberEmail = `layout-member-${process.pid}-${Date.now()}@example.com`;
    const memberApi = new Api(member.request, server);
    await memberApi.call('POST', '/api/auth/register', {
      email: memberEmail,
      password: 'correct horse battery staple',
      firstName: 'Mia',
    });
    // The address proven through the mailed link (the server's log), so the invitation by email can be accepted.
    await memberApi.call('POST', '/api/auth/verify-email', {
      token: await mailedToken(server, memberEmail, '/verify-email/'),
    });

    const owner = await signUp(page, server, 'Olga');
    const seeded = await seedBoard(
      owner,
      'Team layout',
      ['Shops'],
      [{ title: 'Gem shop', section: 'Shops' }, { title: 'Daily deal', section: 'Shops' }, { title: 'Loose card' }],
    );
    await openBoard(page, server);
    await expect
      .poll(
        async () =>
          (await owner.call<{ id: number; autoLayoutDone: number }[]>('GET', '/api/boards')).find(
            (b) => b.id === seeded.boardId,
          )?.autoLayoutDone,
      )
      .toBe(1);
    // The owner puts a card somewhere a layout would not: a second layout would move it back.
    const moved = seeded.cards['Loose card'];
    await owner.call('PATCH', `/api/cards/${moved.id}/position`, { position: { x: 2400, y: 1800 } });
    const arranged = (await owner.cards(seeded.boardId)).map((c: WireCard) => [c.id, c.position]);

    const asked = await owner.call<{ invitation: { code: string } }>('POST', `/api/boards/${seeded.boardId}/members`, {
      email: memberEmail,
      role: 'editor',
    });
    await memberApi.call('POST', `/api/invitations/${asked.invitation.code}/accept`);
    const memberLayouts: string[] = [];
    member.on('request', (request) => {
      if (isLayoutSave(request)) memberLayouts.push(request.url());
    });
    await member.goto(server.url + '/');
    await expect(member.getByTestId('board-canvas')).toBeVisible();
    // The member's screen has the board drawn as the owner arranged it…
    await expect.poll(async () => (await drawnCardRect(member, moved.id)) !== null).toBe(true);
    // …and has gone on to handle a later key press (Reset View) after the load that would have laid it out.
    await member.keyboard.press('r');
    await expect(member.getByTestId('zoom-percent')).toHaveText('100%');
    expect(memberLayouts).toEqual([]);
    expect((await owner.cards(seeded.boardId)).map((c: WireCard) => [c.id, c.position])).toEqual(arranged);
  } finally {
    await memberContext.close();
  }
});
