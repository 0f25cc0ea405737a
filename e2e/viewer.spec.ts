import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../scripts/chromium.ts';
import { hydrated } from './support.ts';

/*
 * A piece's 3D view (components/jewelry/viewer-toggle.tsx): the product page ships the 2D picture only; three.js comes
 * when the shopper asks for it. The browser here draws WebGL through SwiftShader (no GPU needed); where WebGL is
 * missing anyway, the picture must stay, with a note.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  },
});

/** A solitaire setting's page, reached from the engagement listing as a shopper would. */
async function openRing(page: Page): Promise<void> {
  await page.goto('/engagement-rings');
  const first = page.locator('a[href^="/jewelry/"]').first();
  await first.click();
  await expect(page).toHaveURL(/\/jewelry\//);
  await hydrated(page);
}

test('the 3D view is fetched only when asked for, and shows the piece', async ({ page }) => {
  const viewerRequests: string[] = [];
  page.on('request', (r) => {
    if (/piece-viewer-3d/.test(r.url())) viewerRequests.push(r.url());
  });
  await openRing(page);
  const viewer = page.locator('.jw-viewer');
  await expect(viewer.getByRole('img').first()).toBeVisible();
  expect(viewerRequests).toEqual([]);

  await page.getByRole('button', { name: 'View in 3D' }).click();
  await expect.poll(() => viewerRequests.length).toBeGreaterThan(0);
  const drawn = await Promise.race([
    viewer.locator('canvas').waitFor({ timeout: 25_000 }).then(() => 'canvas' as const),
    page.getByText('The 3D view needs WebGL').waitFor({ timeout: 25_000 }).then(() => 'no-webgl' as const),
  ]);
  if (drawn === 'canvas') {
    await expect(viewer).toHaveAttribute('data-ready', 'true', { timeout: 25_000 });
    await expect(page.getByRole('img', { name: /3D view/ })).toBeVisible();
    await page.getByRole('button', { name: 'Back to picture' }).click();
    await expect(viewer.locator('canvas')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'View in 3D' })).toBeVisible();
  } else {
    await expect(viewer.locator('svg[role="img"]')).toBeVisible();
  }
});

test('without WebGL the picture stays, with a note', async ({ page }) => {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      if (kind.startsWith('webgl')) return null;
      return (original as (...a: unknown[]) => unknown).call(this, kind, ...rest);
    } as typeof original;
  });
  const viewerRequests: string[] = [];
  page.on('request', (r) => {
    if (/piece-viewer-3d/.test(r.url())) viewerRequests.push(r.url());
  });
  await openRing(page);
  await page.getByRole('button', { name: 'View in 3D' }).click();
  await expect(page.getByText('The 3D view needs WebGL, which this browser does not offer: here is the picture.')).toBeVisible();
  await expect(page.locator('.jw-viewer svg[role="img"]')).toBeVisible();
  expect(viewerRequests).toEqual([]);
});
