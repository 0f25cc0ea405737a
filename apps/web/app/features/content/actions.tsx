import { Link } from 'react-router';
import { BookingButton } from '../../components/ui/booking-button';
import type { Action } from '../../content/types';

/** A call to action: a page of the store, an outside address (tel:, mailto:) or the appointment dialog. */
export type { Action };

const classOf = (style: Action['style'] = 'primary') =>
  style === 'link' ? 'pg-text-link' : style === 'ghost' ? 'button pg-button pg-button--ghost' : 'button pg-button';

export function ActionLink({ action }: { action: Action }) {
  const className = classOf(action.style);
  if ('to' in action) {
    return (
      <Link className={className} to={action.to}>
        {action.label}
      </Link>
    );
  }
  if ('href' in action) {
    return (
      <a className={className} href={action.href}>
        {action.label}
      </a>
    );
  }
  return <BookingButton className={className}>{action.label}</BookingButton>;
}

/** A row of calls to action; the first is usually the primary one. */
export function ActionRow({ actions, className = '' }: { actions: readonly Action[]; className?: string }) {
  return (
    <div className={`pg-actions ${className}`.trim()}>
      {actions.map((action) => (
        <ActionLink key={action.label} action={action} />
      ))}
    </div>
  );
}
