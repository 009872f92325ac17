import { signUpAs } from './account-fixtures';
import { expect, test } from './fixtures';

/** The feedback dialog (spec accounts §4, §5, §9). */
test.describe('feedback dialog', () => {
  test('validation, live counter, trimmed values, thank-you and closing after 2 s', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.goto(server.url + '/');
    await page.getByTestId('sidebar').getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    const title = dialog.getByLabel('Title (optional)');
    const message = dialog.getByLabel('Message');
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(message).toHaveAttribute('rows', '4');
    await expect(dialog.getByTestId('feedback-counter')).toHaveText('0/3000');
    await expect(send).toBeDisabled();

    // Whitespace only is not a message.
    await message.fill('   \n  ');
    await expect(send).toBeDisabled();
    await expect(dialog.getByTestId('feedback-counter')).toHaveText('6/3000');

    // The fields stop at their limits (title 100, message 3000).
    await title.fill('t'.repeat(120));
    await expect(title).toHaveValue('t'.repeat(100));
    await message.fill('m'.repeat(3100));
    await expect(message).toHaveValue('m'.repeat(3000));
    await expect(dialog.getByTestId('feedback-counter')).toHaveText('3000/3000');

    await title.fill('  Loving the boards  ');
    await message.fill('  Please add dark mode.  ');
    await expect(dialog.getByTestId('feedback-counter')).toHaveText('25/3000');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/feedback') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
    await send.click();
    expect((await sent).postDataJSON()).toEqual({ title: 'Loving the boards', message: 'Please add dark mode.' });
    expect((await answered).status()).toBe(201);
    await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
    const thankedAt = Date.now();
    await expect(dialog).toHaveCount(0, { timeout: 5000 });
    expect(Date.now() - thankedAt).toBeGreaterThan(1500);
  });

  test('an empty title is left out, and a failed send keeps the dialog open', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.goto(server.url + '/');
    await page.getByTestId('sidebar').getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await dialog.getByLabel('Message').fill('Short note');
    // The session ends before sending: the server refuses (401), the dialog stays without error UI.
    await page.context().clearCookies();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/feedback'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await sent).postDataJSON()).toEqual({ message: 'Short note' });
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
    await expect(dialog.getByText('Thank you for your feedback!')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
