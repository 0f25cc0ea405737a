import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { hydrated } from './support.ts';

/** SPEC §2 "Home page", in order (after the hero). */
const SECTIONS = [
  'Trending Now',
  'Build Your Engagement Ring',
  'Preset Engagement Rings',
  'The Bond',
  'Explore Our Bestselling Rings',
  'Exclusive Offers',
  'Home Preview',
  'Virtual or In-Person',
  'The Reserve',
];

/** SPEC §3. */
const TRENDING = [
  'ELEMENTS',
  'THE BOUQUET',
  'THE CERAMIC SERIES',
  'WEDDING BANDS',
  'EARRINGS',
  'ANNIVERSARY RINGS',
  'ETERNITY RINGS',
  'TENNIS NECKLACES',
  'TENNIS BRACELETS',
  'FINE JEWELRY',
];
const OFFERS = ['natural diamonds', 'bracelets', 'studs earrings', 'eternity rings', 'anniversary band', 'lab diamonds'];

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

async function openHome(page: Page) {
  await page.goto('/');
  await hydrated(page);
}

/** A carousel once its script has taken over the track. */
async function carousel(page: Page, name: string) {
  const region = page.getByRole('region', { name, exact: true });
  await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
  await expect(region).toHaveAttribute('data-ready', 'true');
  return region;
}

/** The "n of m" labels of the slides whose tile lies wholly inside the carousel's viewport, left to right. */
function shownSlides(region: Locator) {
  return region.evaluate((root) => {
    const view = root.querySelector('.carousel-viewport')!.getBoundingClientRect();
    return [...root.querySelectorAll('[aria-roledescription="slide"]')]
      .map((slide) => ({ label: slide.getAttribute('aria-label'), box: slide.firstElementChild!.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.left >= view.left - 1 && box.right <= view.right + 1)
      .sort((a, b) => a.box.left - b.box.left)
      .map(({ label }) => label);
  });
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the home page shows its sections in the order of the specification', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openHome(page);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'The Perfect Beginning' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SHOP ENGAGEMENT RINGS' })).toHaveAttribute('href', '/engagement');
  await expect(page.getByRole('link', { name: 'SHOP JEWELRY' })).toHaveAttribute('href', '/fine-jewelry');
  await expect(page.getByText(/free diamond necklace with purchases of \$1k or more, or free diamond studs with a spend of \$2\.5k or more/i)).toBeVisible();

  const headings = (await page.locator('main h2').allTextContents()).map((text) => text.trim());
  expect(headings.filter((text) => SECTIONS.includes(text))).toEqual(SECTIONS);

  await expect(page.getByRole('link', { name: 'Explore Now' })).toHaveAttribute('href', '/engagement-ring-style');
  await expect(page.getByRole('link', { name: 'DISCOVER THE RESERVE' })).toHaveAttribute('href', '/collections/the-reserve');
  await expect(page.getByRole('link', { name: 'EXPLORE LUXE' })).toHaveAttribute('href', '/engagement-rings?collection=the-reserve');
  await expect(page.locator('#exclusive-offers')).toBeAttached();
});

test('the carousels are laid out by the server before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  const trending = page.getByRole('region', { name: 'Trending categories' });
  await expect(trending.locator('[aria-roledescription="slide"]')).toHaveCount(10);
  expect(await shownSlides(trending)).toEqual(['1 of 10', '2 of 10', '3 of 10']);
  expect(await shownSlides(page.getByRole('region', { name: 'Bestselling engagement rings' }))).toHaveLength(6);
  expect(await shownSlides(page.getByRole('region', { name: 'Sale categories' }))).toHaveLength(4);
  await context.close();
});

test('trending shows three categories on a desktop and its arrows wrap around', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openHome(page);
  const trending = await carousel(page, 'Trending categories');
  await expect(trending.locator('.tile-title')).toHaveText(TRENDING);
  expect(await shownSlides(trending)).toEqual(['1 of 10', '2 of 10', '3 of 10']);

  // Infinite: going back from the first category shows the last one.
  await trending.getByRole('button', { name: 'Previous trending categories' }).click();
  await expect.poll(() => shownSlides(trending)).toEqual(['10 of 10', '1 of 10', '2 of 10']);
  await trending.getByRole('button', { name: 'Next trending categories' }).click();
  await trending.getByRole('button', { name: 'Next trending categories' }).click();
  await expect.poll(() => shownSlides(trending)).toEqual(['2 of 10', '3 of 10', '4 of 10']);
  // The arrow keys move it too.
  await trending.getByRole('button', { name: 'Next trending categories' }).press('ArrowRight');
  await expect.poll(() => shownSlides(trending)).toEqual(['3 of 10', '4 of 10', '5 of 10']);
});

test('trending shows one category on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openHome(page);
  const trending = await carousel(page, 'Trending categories');
  expect(await shownSlides(trending)).toEqual(['1 of 10']);
  await trending.getByRole('button', { name: 'Previous trending categories' }).click();
  await expect.poll(() => shownSlides(trending)).toEqual(['10 of 10']);
  // Nothing reaches past the screen's edge; the carousels clip their own tracks.
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => !el.closest('.carousel-viewport, .hero-film'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  expect(overflowing).toEqual([]);
});

test('the bestselling tabs switch between eight rings each, from the start', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openHome(page);
  await expect(page.getByRole('tab', { name: 'ENGAGEMENT RINGS' })).toHaveAttribute('aria-selected', 'true');

  const namesByTab: string[][] = [];
  for (const tab of ['ENGAGEMENT RINGS', 'ANNIVERSARY RINGS', 'ETERNITY RINGS']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    const label = `Bestselling ${tab.toLowerCase()}`;
    const rings = await carousel(page, label);
    await expect(rings.locator('[aria-roledescription="slide"]')).toHaveCount(8);
    await expect(rings.locator('.product-price').first()).toHaveText(/^from \$\d{1,3}(,\d{3})*$/);
    expect(await shownSlides(rings)).toHaveLength(6);

    // Not infinite: the previous arrow is disabled at the start, the next one at the end.
    const previous = rings.getByRole('button', { name: `Previous ${label.toLowerCase()}` });
    const next = rings.getByRole('button', { name: `Next ${label.toLowerCase()}` });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await next.click();
    await next.click();
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect.poll(() => shownSlides(rings)).toEqual(['3 of 8', '4 of 8', '5 of 8', '6 of 8', '7 of 8', '8 of 8']);
    namesByTab.push(await rings.locator('.product-name').allTextContents());
  }
  // Each tab has its own rings.
  expect(new Set(namesByTab.flat()).size).toBe(24);

  // They are the catalog's: each opens its own page, at the price the tile shows.
  const eternity = await carousel(page, 'Bestselling eternity rings');
  const last = eternity.locator('[aria-roledescription="slide"]').last();
  const name = (await last.locator('.product-name').textContent())!;
  const price = (await last.locator('.product-price').textContent())!.replace(/^from /, '');
  await last.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('.jw-price .jw-now')).toHaveText(price);
});

test('the exclusive offers show their six labels, each up to 30% off', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openHome(page);
  const offers = await carousel(page, 'Sale categories');
  await expect(offers.locator('.offer-label')).toHaveText(OFFERS);
  await expect(offers.locator('.offer-discount')).toHaveText(Array(6).fill('up to 30% off'));
  expect(await shownSlides(offers)).toEqual(['1 of 6', '2 of 6', '3 of 6', '4 of 6']);
  await offers.getByRole('button', { name: 'Previous sale categories' }).click();
  await expect.poll(() => shownSlides(offers)).toEqual(['6 of 6', '1 of 6', '2 of 6', '3 of 6']);
});

test('the hero film runs, pauses and plays again', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openHome(page);
  const film = page.locator('.hero-film');
  const video = page.locator('video.hero-video');
  await expect(video).toHaveAttribute('poster', '/media/hero-ring-poster.jpg');
  await expect(film).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
  await page.getByRole('button', { name: 'Pause background animation' }).click();
  await expect(film).toHaveAttribute('data-state', 'paused');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.getByRole('button', { name: 'Play background animation' }).click();
  await expect(film).toHaveAttribute('data-state', 'playing');
});

test('with reduced motion the hero film does not run at all', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP });
  const page = await context.newPage();
  const filmRequests: string[] = [];
  page.on('request', (r) => {
    if (/hero-ring\.(webm|mp4)/.test(r.url())) filmRequests.push(r.url());
  });
  await openHome(page);
  const video = page.locator('video.hero-video');
  await expect(page.locator('.hero-film')).toHaveAttribute('data-state', 'paused');
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  // The poster stays; the film itself is never fetched.
  expect(filmRequests).toEqual([]);
  await expect(page.getByRole('button', { name: 'Pause background animation' })).toBeHidden();
  await context.close();
});

test('an image that cannot load falls back to the placeholder', async ({ page }) => {
  await page.route('**/art/home/cat-elements.svg', (route) => route.abort());
  await page.setViewportSize(DESKTOP);
  await openHome(page);
  const trending = await carousel(page, 'Trending categories');
  await expect(trending.getByRole('link', { name: 'ELEMENTS' }).locator('img')).toHaveAttribute('src', '/shapes/placeholder.svg');
  await expect(trending.getByRole('link', { name: 'THE BOUQUET' }).locator('img')).toHaveAttribute('src', '/art/home/cat-the-bouquet.svg');
  // A lazy image far below the fold has not failed, it has not started: it keeps its own picture.
  const reserve = page.locator('.reserve img');
  await expect(reserve).toHaveAttribute('src', '/art/home/poster-the-reserve.svg');
  await reserve.scrollIntoViewIfNeeded();
  await expect.poll(() => reserve.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(reserve).toHaveAttribute('src', '/art/home/poster-the-reserve.svg');
});

test('SCHEDULE YOUR APPOINTMENT opens the booking dialog', async ({ page }) => {
  await openHome(page);
  await page.getByRole('button', { name: 'SCHEDULE YOUR APPOINTMENT' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the home page has no serious accessibility violations at ${viewport.width} px`, async ({ page }) => {
    // Axe walks every node of a long page: give it room beyond the default 30 s.
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openHome(page);
    await carousel(page, 'Trending categories');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
