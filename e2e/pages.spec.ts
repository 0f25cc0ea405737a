import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { hydrated, sidewaysOverflow } from './support.ts';

/** The brand, legal and offer pages (§2 route table and the routes linked from menus), with their one heading. */
const PAGES: Array<{ path: string; h1: string }> = [
  { path: '/engagement', h1: 'Engagement Rings' },
  { path: '/wedding-brands', h1: 'Wedding Bands' },
  { path: '/about', h1: 'Our Story' },
  { path: '/terms', h1: 'Terms & Conditions' },
  { path: '/policy', h1: 'Privacy Policy' },
  { path: '/bands-for-him', h1: 'Men’s Wedding Bands' },
  { path: '/bands-for-her', h1: 'Women’s Wedding Bands' },
  { path: '/home-preview', h1: 'Home Preview' },
  { path: '/gemstone-rings', h1: 'Gemstone Rings' },
  { path: '/preset-rings', h1: 'Preset Lab Grown Rings' },
  { path: '/custom-rings', h1: 'Custom Engagement Rings' },
  { path: '/fine-jewelry', h1: 'Fine Jewelry' },
];

const ENGAGEMENT_STYLES = ['Solitaire', 'Halo', 'Vintage', 'Side Stone', 'Three Stone', 'Pavé', 'Hidden Halo'];
const WEDDING_COLLECTIONS = ['METAL BRANDS', 'DIAMOND BRANDS', 'ANNIVERSARY RINGS', 'ETERNITY RINGS'];

async function open(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await hydrated(page);
}

/** The text of every h1 in a server-rendered document, tags stripped and entities decoded. */
function headingsOf(html: string): string[] {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => entities[e] ?? e)
      .trim(),
  );
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const { path, h1 } of PAGES) {
  test(`${path} answers 200 with its heading rendered on the server`, async ({ request }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(headingsOf(html)).toEqual([h1]);
    expect(html).toMatch(/<title>[^<]+\| Everstone<\/title>/);
  });
}

test.describe('engagement page', () => {
  test('has the seven ring collections, one description and image per selected style, switched by pointer', async ({ page }) => {
    await open(page, '/engagement');
    const tabs = page.getByRole('tablist', { name: 'Engagement ring styles' }).getByRole('tab');
    await expect(tabs).toHaveText(ENGAGEMENT_STYLES);
    await expect(page.getByRole('tab', { name: 'Solitaire' })).toHaveAttribute('aria-selected', 'true');

    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Solitaire engagement rings');
    await expect(panel.getByRole('img')).toHaveAttribute('alt', /^Solitaire engagement ring/);

    await page.getByRole('tab', { name: 'Three Stone' }).click();
    await expect(page.getByRole('tab', { name: 'Three Stone' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Solitaire' })).toHaveAttribute('aria-selected', 'false');
    await expect(panel).toHaveCount(1);
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText('Three Stone engagement rings');
    await expect(panel.getByRole('img')).toHaveAttribute('alt', /^Three stone engagement ring/);
    await expect(page.getByRole('heading', { name: 'Solitaire engagement rings' })).toBeHidden();
  });

  test('switches ring collections by keyboard', async ({ page }) => {
    await open(page, '/engagement');
    const solitaire = page.getByRole('tab', { name: 'Solitaire' });
    await solitaire.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Halo', exact: true })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Halo', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText('Halo engagement rings');

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Hidden Halo' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText('Hidden Halo engagement rings');

    await page.keyboard.press('Home');
    await expect(solitaire).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText('Solitaire engagement rings');

    // The arrow keys wrap around the list.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Hidden Halo' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the diamond education toggle switches between natural and lab-grown', async ({ page }) => {
    await open(page, '/engagement');
    const group = page.getByRole('group', { name: 'Diamond type' });
    const natural = group.getByRole('button', { name: 'Natural diamonds' });
    const lab = group.getByRole('button', { name: 'Lab-grown diamonds' });
    const naturalHeading = page.getByRole('heading', { level: 3, name: 'Natural diamonds' });
    const labHeading = page.getByRole('heading', { level: 3, name: 'Lab-grown diamonds' });

    await expect(natural).toHaveAttribute('aria-pressed', 'true');
    await expect(lab).toHaveAttribute('aria-pressed', 'false');
    await expect(naturalHeading).toBeVisible();
    await expect(labHeading).toBeHidden();

    await lab.click();
    await expect(lab).toHaveAttribute('aria-pressed', 'true');
    await expect(natural).toHaveAttribute('aria-pressed', 'false');
    await expect(labHeading).toBeVisible();
    await expect(naturalHeading).toBeHidden();
    await expect(page.getByText('They grow in weeks rather than billions of years')).toBeVisible();

    await natural.focus();
    await page.keyboard.press('Enter');
    await expect(natural).toHaveAttribute('aria-pressed', 'true');
    await expect(naturalHeading).toBeVisible();
    await expect(labHeading).toBeHidden();
  });

  test('the FAQ has five questions, opens with the first and keeps one answer open at a time', async ({ page }) => {
    await open(page, '/engagement');
    const faq = page.locator('.pg-faq');
    const triggers = faq.getByRole('button');
    await expect(triggers).toHaveCount(5);
    const expanded = faq.locator('button[aria-expanded="true"]');

    const first = faq.getByRole('button', { name: 'How do I find the right ring size?' });
    const third = faq.getByRole('button', { name: 'Can I try a ring on before I buy?' });
    const fifth = faq.getByRole('button', { name: 'Do you offer financing?' });
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(expanded).toHaveCount(1);
    await expect(page.getByText(/Our ring sizing guide shows how to measure/)).toBeVisible();

    await third.click();
    await expect(third).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(expanded).toHaveCount(1);
    await expect(page.getByText(/try up to two 3D-printed replica rings at home/)).toBeVisible();
    await expect(page.getByText(/Our ring sizing guide shows how to measure/)).toBeHidden();

    await fifth.focus();
    await page.keyboard.press('Enter');
    await expect(fifth).toHaveAttribute('aria-expanded', 'true');
    await expect(third).toHaveAttribute('aria-expanded', 'false');
    await expect(expanded).toHaveCount(1);
    await expect(page.getByText(/no interest for 12 months on purchases of \$199 or more/)).toBeVisible();

    // The open answer closes on a second press.
    await fifth.click();
    await expect(expanded).toHaveCount(0);
  });
});

test('the wedding bands page switches its four collections and keeps one FAQ answer open', async ({ page }) => {
  await open(page, '/wedding-brands');
  const tabs = page.getByRole('tablist', { name: 'Wedding band collections' }).getByRole('tab');
  await expect(tabs).toHaveText(WEDDING_COLLECTIONS);
  await expect(page.getByRole('tabpanel')).toContainText('Plain metal bands are the classic wedding ring');

  await page.getByRole('tab', { name: 'ETERNITY RINGS' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('set with diamonds all the way around');
  await expect(page.getByRole('tabpanel')).not.toContainText('Plain metal bands');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'ANNIVERSARY RINGS' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('An anniversary ring celebrates the years together');

  const faq = page.locator('.pg-faq');
  await expect(faq.getByRole('button')).toHaveCount(5);
  await faq.getByRole('button', { name: 'Which metal is best for a wedding band?' }).click();
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);
  await expect(faq.getByRole('button', { name: 'Which metal is best for a wedding band?' })).toHaveAttribute('aria-expanded', 'true');
});

test('the story page states its sustainability figures', async ({ page }) => {
  await open(page, '/about');
  for (const title of ['Every Ring Begins as a Dream', 'Made by Hand, Made to Last', 'A Promise You Can Count On', 'Caring for the World We Share']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  const sustainability = page.getByRole('region', { name: 'Caring for the World We Share' });
  await expect(sustainability).toContainText('over 52,000 trees planted and 1,155,000 kg of carbon saved');
  const figures = sustainability.getByRole('listitem');
  await expect(figures).toHaveCount(2);
  await expect(figures.nth(0)).toContainText('52,000+');
  await expect(figures.nth(0)).toContainText('Trees planted');
  await expect(figures.nth(1)).toContainText('1,155,000 kg');
  await expect(figures.nth(1)).toContainText('Of carbon saved');
});

test('the terms carry the legal facts as readable text', async ({ page }) => {
  await open(page, '/terms');
  const section = (name: RegExp) => page.getByRole('region', { name });

  const orders = section(/Orders, prices and payment/);
  await expect(orders).toBeVisible();
  await expect(orders).toContainText('When you choose to pay by bank wire, we hold your diamond for up to 24 hours');
  await expect(orders).toContainText('You may have one diamond ring or loose diamond order in progress at a time.');

  const returns = section(/^\d+\. Returns$/);
  await expect(returns).toBeVisible();
  await expect(returns).toContainText('You may return an item within 30 days of delivery for a refund.');
  await expect(returns).toContainText('one return every six months');

  await expect(section(/Diamonds and product details/)).toContainText('Carat weight may vary 10 to 20 percent');
  await expect(section(/Diamonds and product details/)).toContainText('Diamonds above 1.99 carats that come back to us are re-checked by GIA');

  const preview = section(/^\d+\. Home Preview$/);
  await expect(preview).toContainText('$100 per replica ring');
  await expect(preview).toContainText('maximum of two replica rings');

  const promotions = section(/Promotions and offer codes/);
  await expect(promotions).toContainText('Use code WELCOME for $100 off your first purchase of $1,000 or more. One use per customer, for new customers only.');
  await expect(promotions).toContainText('Free gift at over $1,000 spend (necklace) or $2,500 (earrings), one per customer.');
  // The store's rule beneath it, from the contract the cart and the orders use: tiers that give at least what the line promises.
  await expect(promotions).toContainText('a free Diamond Necklace to an order whose subtotal, before any bank-wire discount, is $460.00 or more');
  await expect(promotions).toContainText('from $2,460.00, a free Diamond Bracelet or, at your choice, Diamond Stud Earrings instead');

  await expect(section(/Who may use the site/)).toContainText('at least 16 years old');
  await expect(section(/Liability and claims/)).toContainText('within one year');

  // The contents link to each section.
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Returns', exact: true }).click();
  await expect(page).toHaveURL(/#returns$/);
});

test('the privacy policy carries its age limits and the one-year claim limit', async ({ page }) => {
  await open(page, '/policy');
  const age = page.getByRole('region', { name: /Age limits/ });
  await expect(age).toContainText('You must be at least 16 years old to use our site.');
  await expect(age).toContainText('If you are under 18, you may use it only with the involvement and consent of a parent or legal guardian.');
  await expect(page.getByRole('region', { name: /Time limit for claims/ })).toContainText('must be filed within one year after it arises');
});

test('the Home Preview page states its terms, replica charge included', async ({ page }) => {
  await open(page, '/home-preview');
  const region = page.getByRole('region', { name: 'Home Preview Terms' });
  const terms = region.getByRole('listitem');
  await expect(terms).toHaveText([
    'We charge $100 per replica ring for a Home Preview order, taken by our team before the replicas ship, and refund that charge when the replicas are returned.',
    'Each order holds a maximum of two replica rings.',
    'You may place two Home Preview orders every six months.',
    'You may keep the replicas for three days.',
    'Home Preview is available in the United States only.',
    'Shipping is free both ways.',
  ]);
  await expect(region.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms#home-preview');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const { path } of PAGES) {
    test(`${path} keeps to the 375 px screen`, async ({ page }) => {
      await open(page, path);
      expect(await sidewaysOverflow(page)).toEqual([]);
    });
  }
});

for (const { path } of PAGES) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await open(page, path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
