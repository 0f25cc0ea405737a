import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@everstone/contract/core';
import { OFFERS, OFFER_SLUGS, findOffer } from './index';

describe('the offer pages', () => {
  it('has one text per slug, each knowing its own slug, and every one in the sitemap', () => {
    expect(Object.keys(OFFERS).sort()).toEqual([...OFFER_SLUGS].sort());
    for (const slug of OFFER_SLUGS) {
      expect(OFFERS[slug].slug).toBe(slug);
      expect(PUBLIC_PAGES).toContain(`/${slug}`);
    }
  });

  it('finds an offer by its slug only', () => {
    expect(findOffer('home-preview')?.title).toBe('Home Preview');
    for (const other of ['', 'nope', '__proto__', 'constructor', 'pages/diamonds-4cs']) expect(findOffer(other)).toBeUndefined();
  });
});
