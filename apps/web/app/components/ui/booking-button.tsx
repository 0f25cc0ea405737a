import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AppointmentKind } from '@everstone/contract/core';

export interface BookingButtonProps {
  className?: string;
  children: ReactNode;
  defaultKind?: AppointmentKind;
}

/**
 * The button that opens the showroom's booking dialog, offered by the header, the footer, the home page and the
 * content pages. The dialog belongs to the appointments feature; the app's root hands its button in here, so the
 * layout and the content pages offer booking without importing another feature.
 */
export const BookingButtonContext = createContext<ComponentType<BookingButtonProps> | null>(null);

export function BookingButton(props: BookingButtonProps) {
  const Button = useContext(BookingButtonContext);
  if (!Button) throw new Error('BookingButton is rendered outside the app root, which provides the booking dialog.');
  return <Button {...props} />;
}
