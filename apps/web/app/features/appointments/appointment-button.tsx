import { Suspense, lazy } from 'react';
import type { AppointmentKind } from '@everstone/contract/core';
import { useLazyDialog } from '../../components/ui/lazy-dialog';

const loadDialog = () => import('./appointment-dialog');
const AppointmentDialog = lazy(loadDialog);
/** Hover or focus on the button: the dialog and its calendar start loading before the press. */
const warmUp = () => loadDialog().then((m) => m.warmUp());

/** A button that opens the booking dialog (header, footer, home page, contact page). */
export function AppointmentButton({
  className,
  children,
  defaultKind = 'virtual',
}: {
  className?: string;
  children: React.ReactNode;
  defaultKind?: AppointmentKind;
}) {
  const dialog = useLazyDialog(warmUp);
  return (
    <>
      <button className={className} {...dialog.buttonProps}>
        {children}
      </button>
      {dialog.wanted && (
        <Suspense fallback={null}>
          <AppointmentDialog open={dialog.open} onOpenChange={dialog.setOpen} defaultKind={defaultKind} returnFocusTo={dialog.button} />
        </Suspense>
      )}
    </>
  );
}
