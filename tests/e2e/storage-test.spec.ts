import { expect, test } from './fixtures';

/** The /storage-test diagnostic page (spec accounts §2, in Russian). */
test.describe('storage diagnostic page', () => {
  test('loads a random record with its images; HEAD, DOM and URL-format checks report on each', async ({
    page,
    server,
  }) => {
    await page.goto(server.url + '/storage-test');
    await expect(page.getByRole('heading', { name: 'Диагностика хранилища изображений' })).toBeVisible();
    const details = page.getByTestId('record-details');
    await expect(details).toContainText('Игра');
    const slot = page.getByTestId('image-slot-1');
    await expect(slot.getByTestId('image-status')).toHaveText(/^Загружено \(\d+×\d+\)$/);
    const log = page.getByTestId('network-log');
    await expect(log).toContainText('/api/database/random-record → 200');
    await expect(log).toContainText(/GET \/api\/storage\/\S+ → 200 image\//);

    await page.getByRole('button', { name: 'Проверить HEAD' }).click();
    await expect(slot.getByTestId('check-results')).toContainText(/HEAD 200: image\/\S+, [\d ]+ байт/);
    await expect(log).toContainText('HEAD');
    await page.getByRole('button', { name: 'Проверить DOM' }).click();
    await expect(slot.getByTestId('check-results')).toContainText(/DOM: изображение загружено, \d+×\d+/);
    await page.getByRole('button', { name: 'Проверить формат URL' }).click();
    await expect(slot.getByTestId('check-results')).toContainText('Путь static/ обслуживается из /api/storage/');

    const firstId = await details.locator('dd').first().textContent();
    await page.getByRole('button', { name: 'Очистить журнал' }).click();
    await expect(page.getByText('Журнал пуст')).toBeVisible();
    await page.getByRole('button', { name: 'Загрузить случайную запись' }).click();
    await expect(log).toContainText('/api/database/random-record → 200');
    expect(firstId).toMatch(/^\d+$/);
  });

  // The record is real; only its image bytes are answered by the test, to stand for a storage that misbehaves.
  test('reports a 204 zero-size image', async ({ page, server }) => {
    await page.route('**/api/storage/**', (route) => route.fulfill({ status: 204, body: '' }));
    await page.goto(server.url + '/storage-test');
    const slot = page.getByTestId('image-slot-1');
    await expect(slot.getByTestId('image-status')).toHaveText('Пустое изображение (204, 0 байт)');
    await page.getByRole('button', { name: 'Проверить HEAD' }).click();
    await expect(slot.getByTestId('check-results')).toContainText('HEAD 204: пустой ответ (0 байт)');
    await page.getByRole('button', { name: 'Проверить DOM' }).click();
    await expect(slot.getByTestId('check-results')).toContainText('DOM: изображение не загружено (naturalWidth = 0)');
  });

  test('reports an HTTP error status', async ({ page, server }) => {
    await page.route('**/api/storage/**', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"error":{"code":"not_found","message":"Not found"}}',
      }),
    );
    await page.goto(server.url + '/storage-test');
    const slot = page.getByTestId('image-slot-1');
    await expect(slot.getByTestId('image-status')).toHaveText('Ошибка HTTP: 404');
    await page.getByRole('button', { name: 'Проверить HEAD' }).click();
    await expect(slot.getByTestId('check-results')).toContainText('HEAD: ошибка HTTP 404');
    await expect(page.getByTestId('network-log')).toContainText('→ 404');
  });

  test('reports an image that fails to load', async ({ page, server }) => {
    await page.route('**/api/storage/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/webp', body: 'definitely not an image' }),
    );
    await page.goto(server.url + '/storage-test');
    const slot = page.getByTestId('image-slot-1');
    await expect(slot.getByTestId('image-status')).toHaveText('Ошибка загрузки изображения');
    await expect(page.getByTestId('network-log')).toContainText('событие error');
  });
});
