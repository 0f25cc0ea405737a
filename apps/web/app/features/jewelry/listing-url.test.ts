import { describe, expect, it } from 'vitest';
import { cleared, filterCount, isChosen, listingHref, listingQuery, toggled } from './listing-url';
import { pagerPages } from '../../components/ui/pager';

describe('a listing’s address', () => {
  it('reads the state from the address and writes it back the same, whatever the order it came in', () => {
    const q = listingQuery('metal=platinum,14k-white&style=halo&sort=price_asc&page=2', 'engagement-rings');
    expect(q).toMatchObject({ department: 'engagement-rings', metals: ['platinum', '14k-white'], styles: ['halo'], sort: 'price_asc', page: 2 });
    expect(listingHref('/engagement-rings', q)).toBe('/engagement-rings?style=halo&metal=14k-white%2Cplatinum&sort=price_asc&page=2');
    expect(listingHref('/engagement-rings', listingQuery('', 'engagement-rings'))).toBe('/engagement-rings');
  });

  it('drops what it cannot read instead of failing the page', () => {
    const q = listingQuery('metal=gold&page=zero&sort=cheap&price_max=abc', 'preset-rings');
    expect(q).toMatchObject({ metals: [], page: 1, sort: 'best', priceMax: null });
  });

  it('toggles a value on and off, back to the first page', () => {
    const q = listingQuery('page=3', 'fine-jewelry');
    const on = toggled(q, 'style', 'studs');
    expect(isChosen(on, 'style', 'studs')).toBe(true);
    expect(on.page).toBe(1);
    expect(isChosen(toggled(on, 'style', 'studs'), 'style', 'studs')).toBe(false);
    expect(filterCount(toggled(on, 'metal', 'platinum'))).toBe(2);
    expect(filterCount(cleared(on))).toBe(0);
  });

  it('shows the pages near the current one with gaps', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(5, 12)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 12]);
    expect(pagerPages(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
