import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { formatPrice } from '@everstone/contract/core';
import { STORE } from '../../content/store';
import { returnFocusOnClose } from '../../components/ui/lazy-dialog';
import { CloseIcon } from '../../components/ui/icons';
import { DETAIL_OFFERS } from './offers';

/**
 * §2: the discount for military, nurses and first responders, explained (§9: $100 off orders of $2,000 and above
 * for verified groups) with how to verify. Opened by the detail page's button (trust-badges.tsx).
 */
export default function HeroesDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const amount = formatPrice(DETAIL_OFFERS.verifiedGroupDiscount);
  const minimum = formatPrice(DETAIL_OFFERS.verifiedGroupMinimum);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content dd-heroes-dialog" onCloseAutoFocus={returnFocusOnClose(returnFocusTo)}>
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
