import { Link, useMatches } from 'react-router';
import type { Route } from './+types/coming-soon';
import { pageMeta } from '../lib/seo';
import { STORE } from '../lib/site';

/**
 * Pages of the shopping journey that are not open on the site yet. Each says so plainly and offers the
 * ways a shopper can buy today (a call, a message, a showroom visit) instead of a dead end.
 */
const PAGES: Record<string, { title: string; heading: string; text: string }> = {
  checkout: {
    title: 'Checkout',
    heading: 'Online checkout opens soon',
    text: 'Your cart is saved on this device. To reserve your diamond today, call us or send a message: our gemologists hold the stone for you while you decide how to pay.',
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
