import { useRef, useState, type RefObject } from 'react';

/**
 * A button that opens a dialog whose code (Radix's dialog and what it shows) is loaded on the first press, or on
 * hover and focus just before it: dialogs stay out of every page's first download. Spread `buttonProps` on the
 * button; render the lazy dialog once `wanted`, with `open`, `setOpen` and `returnFocusOnClose(button)`. It then
 * stays mounted, so later openings are instant.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const warmUp = () => {
    void load();
  };
  return {
    open,
    setOpen,
    wanted,
    button,
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: warmUp,
      onFocus: warmUp,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    },
  };
}

/**
 * For Radix's Dialog.Content onCloseAutoFocus: a dialog opened without its own Trigger gives focus back to the
 * button that opened it (Safari does not focus a pressed button, so "whatever was focused" is not enough).
 */
export function returnFocusOnClose(button: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    button.current?.focus();
  };
}
