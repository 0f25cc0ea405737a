import { Suspense, lazy, type ReactNode } from 'react';
import { LineIcon } from '../../components/ui/icons';
import { DETAIL_OFFERS } from './offers';
import { useLazyDialog } from '../../components/ui/lazy-dialog';

const icon = (children: ReactNode) => (
  <LineIcon size={30} weight={1.4}>
    {children}
  </LineIcon>
);

/** §9: the promises the detail page repeats beneath the stone. */
const BADGES: ReadonlyArray<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Free Insured Shipping',
    text: 'Fully insured, signature on delivery',
    icon: icon(
      <>
        <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7" />
        <circle cx="6.5" cy="17" r="1.6" />
        <circle cx="16.5" cy="17" r="1.6" />
      </>,
    ),
  },
  {
    title: `${DETAIL_OFFERS.returnDays}-Day Returns`,
    text: 'Free returns within 30 days',
    icon: icon(
      <>
        <path d="M4 12a8 8 0 1 0 2.4-5.7" />
        <path d="M4 4v4.5h4.5" />
      </>,
    ),
  },
  {
    title: 'Lifetime Warranty',
    text: 'On every diamond and setting',
    icon: icon(
      <>
        <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6Z" />
        <path d="m8.8 12.2 2.3 2.3 4.2-4.4" />
      </>,
    ),
  },
  {
    title: 'Conflict-Free',
    text: 'Certified, responsibly sourced',
    icon: icon(
      <>
        <path d="M6 4h12l4 5-10 11L2 9l4-5Z" />
        <path d="M2 9h20M12 9v11" />
      </>,
    ),
  },
];

const loadHeroesDialog = () => import('./heroes-dialog');
const HeroesDialog = lazy(loadHeroesDialog);

/**
 * §2: the discount for military, nurses and first responders. The spec's button had no behaviour; here it opens
 * a dialog (heroes-dialog.tsx, loaded on the first press) that explains the offer and how to verify.
 */
function VerifiedGroupsButton() {
  const dialog = useLazyDialog(loadHeroesDialog);
  return (
    <>
      <button className="button button--ghost dd-heroes" {...dialog.buttonProps}>
        Military, Nurses, and First Responders
      </button>
      {dialog.wanted && (
        <Suspense fallback={null}>
          <HeroesDialog open={dialog.open} onOpenChange={dialog.setOpen} returnFocusTo={dialog.button} />
        </Suspense>
      )}
    </>
  );
}

export function TrustBadges() {
  return (
    <section className="dd-trust" aria-labelledby="dd-trust-title">
      <h2 id="dd-trust-title" className="visually-hidden">
        Our promise
      </h2>
      <ul className="dd-trust-list">
        {BADGES.map((b) => (
          <li key={b.title}>
            <span className="dd-trust-icon">{b.icon}</span>
            <span>
              <strong>{b.title}</strong>
              <span>{b.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <VerifiedGroupsButton />
    </section>
  );
}
