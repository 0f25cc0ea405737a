import { Link } from 'react-router';

/**
 * The Order History tab (§2). Orders open with the checkout issue and there is no orders API yet, so no account
 * can have one: the tab says so plainly instead of showing sample orders.
 */
export function OrderHistory() {
  return (
    <div className="profile-empty">
      <svg className="profile-empty__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <path d="M17 8h14l5 7-12 9-12-9z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
        <path d="M12 15h24M21 8l-2 7 5 9 5-9-2-7" fill="none" stroke="currentColor" strokeWidth="1.1" strokeLinejoin="round" />
        <circle cx="24" cy="32" r="10" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      <p className="profile-empty__title">You have not placed an order yet</p>
      <p className="profile-empty__text">
        When you place an order, it will appear here with its status, its pieces and its delivery address.
      </p>
      <div className="profile-empty__actions">
        <Link to="/diamond" className="button">
          Shop diamonds
        </Link>
        <Link to="/engagement" className="button button--ghost">
          Engagement rings
        </Link>
      </div>
    </div>
  );
}
