import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '@everstone/contract/core';
import { STORE } from '../../lib/site';
import { CloseIcon, LineIcon } from '../layout/icons';
import { DETAIL_OFFERS } from './offers';

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

/**
 * §2: the discount for military, nurses and first responders. The spec's button had no behaviour; here it
 * explains the offer (§9: $100 off orders of $2,000 and above for verified groups) and how to verify.
 */
function VerifiedGroupsButton() {
  const amount = formatPrice(DETAIL_OFFERS.verifiedGroupDiscount);
  const minimum = formatPrice(DETAIL_OFFERS.verifiedGroupMinimum);
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="button button--ghost dd-heroes">
          Military, Nurses, and First Responders
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content dd-heroes-dialog">
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">Thank you for your service</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">
            Active and veteran military, nurses and first responders save {amount} on orders of {minimum} and above.
          </Dialog.Description>
          <h3 className="dd-heroes-subtitle">How to verify</h3>
          <ol className="dd-heroes-steps">
            <li>Call or message our customer care team before you place your order.</li>
            <li>Share proof of your service, such as a service, nursing or agency ID.</li>
            <li>Once you are verified, we apply the {amount} discount to your order.</li>
          </ol>
          <div className="dd-heroes-actions">
            <a className="button" href={STORE.phone.href}>
              Call {STORE.phone.display}
            </a>
            <Dialog.Close asChild>
              <Link className="button button--ghost" to="/contact">
                Send us a message
              </Link>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
