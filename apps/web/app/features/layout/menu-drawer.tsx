import * as Dialog from '@radix-ui/react-dialog';
import { Link, NavLink } from 'react-router';
import { STORE } from '../../content/store';
import { CloseIcon, PhoneIcon } from '../../components/ui/icons';
import type { NavItem } from './navigation';
import { returnFocusOnClose } from '../../components/ui/lazy-dialog';

/**
 * The phone menu (§2 navigation in a drawer): loaded by the header's menu button on its first press. It traps
 * focus, closes with Escape, the close button or a followed link, and gives focus back to the menu button.
 */
export default function MenuDrawer({
  open,
  onOpenChange,
  nav,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  nav: readonly NavItem[];
  returnFocusTo: React.RefObject<HTMLElement | null>;
  /** The account link, as the header shows it. */
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="menu-drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocusOnClose(returnFocusTo)}
        >
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">Menu</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label="Main">
            <ul className="drawer-nav">
              {nav.map((item) => (
                <li key={item.label}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="drawer-extra">
            <a href={STORE.phone.href}>
              <PhoneIcon /> {STORE.phone.display}
            </a>
            <Link to="/contact">Contact us</Link>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
