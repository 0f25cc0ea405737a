import { Link, useMatches } from 'react-router';
import type { Route } from './+types/coming-soon';
import { pageMeta } from '../lib/seo';
import { STORE } from '../lib/site';

/**
 * Pages of the shopping journey that are not open on the site yet. Each says so plainly and offers the
 * ways a shopper can buy today (a call, a message, a showroom visit) instead of a dead end.
 */
const PAGES: Record<string, { title: string; heading: string; text: string }> = {
  diamond: {
    title: 'Loose Diamonds',
    heading: 'Our online diamond search opens soon',
    text: 'Our gemologists can search our full inventory of certified lab-grown, natural and color diamonds for you today, by phone, by message or in the showroom.',
  },
  'diamond-details': {
    title: 'Diamond Details',
    heading: 'Diamond pages open with our online search',
    text: 'Tell us the certificate number and our gemologists will send you the stone’s full report, photographs and price.',
  },
  cart: {
    title: 'Your Cart',
    heading: 'Online checkout opens soon',
    text: 'To reserve a diamond or a ring today, call us or send a message: we hold stones for you while we talk it through.',
  },
  checkout: {
    title: 'Checkout',
    heading: 'Online checkout opens soon',
    text: 'Your cart is saved on this device. To reserve your diamond today, call us or send a message: our gemologists hold the stone for you while you decide how to pay.',
  },
  signin: {
    title: 'Sign In',
    heading: 'Accounts open soon',
    text: 'You will be able to sign in, save addresses and follow your orders here. Until then our customer care team can help with any order.',
  },
};

export const meta: Route.MetaFunction = (args) => {
  const page = PAGES[args.matches.at(-1)?.id ?? ''] ?? PAGES.checkout!;
  return pageMeta(args, { title: page.title, description: page.text, noindex: true });
};

export default function ComingSoon() {
  const id = useMatches().at(-1)?.id ?? '';
  const page = PAGES[id] ?? PAGES.checkout!;
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{page.heading}</h1>
      <p>{page.text}</p>
      <div className="actions">
        <a className="button" href={STORE.phone.href}>
          Call {STORE.phone.display}
        </a>
        <Link className="button button--ghost" to="/contact">
          Send us a message
        </Link>
      </div>
      <p>
        <Link to="/pages/diamonds-4cs">Learn about the 4Cs while you wait</Link>
      </p>
    </section>
  );
}
