import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatAmount, messageResponseSchema, type Address, type AdminCustomer } from '@everstone/contract';
import { adminApi } from '../kit/admin-api';
import { RoleBadge } from './customers-list';
import { formatDay, formatDayTime, telHref } from '../kit/format';
import { OutcomeBanner, useFailureText, type Outcome } from '../kit/lists';
import { CustomRequestCard, HomePreviewCard, MessageCard, useMinuteClock } from '../requests';
import { OrderLink, StatusBadges } from '../orders';
import { TableScroll } from '../kit/table';
import { useReauth } from '../kit/reauth';
import { DialogActions } from '../kit/dialog-actions';

/**
 * /admin/customers/:id: one customer's account (never its password), what the account made (addresses, orders, Home
 * Preview requests), then, said to be matched by the email address alone, the messages and custom ring requests sent
 * with it; and the one thing staff may do for a locked-out customer: email them a link to choose a new password.
 */
export function CustomerView({ customer, at }: { customer: AdminCustomer; at: number }) {
  const now = useMinuteClock(at);
  const who = customer.name || customer.email;
  // Sent from forms without signing in: only the address typed links them to this account.
  const { messages, custom_requests: requests } = customer.matched_by_email;

  return (
    <article className="adm-order adm-customer" aria-labelledby="customer-title">
      <nav className="adm-crumbs" aria-label="Breadcrumb">
        <Link to="/admin/customers">Customers</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{who}</span>
      </nav>
      <header className="adm-order__head">
        <div className="adm-customer__heading">
          <h1 id="customer-title" className="adm-title">
            {who}
          </h1>
          <p className="adm-order__facts">
            <RoleBadge role={customer.role} />
            <span className="adm-break">{customer.email}</span>
            <span>
              Customer since <time dateTime={customer.since}>{formatDay(customer.since)}</time>
            </span>
            <span>
              {customer.orders} {customer.orders === 1 ? 'order' : 'orders'}
            </span>
          </p>
        </div>
      </header>

      <div className="adm-order__grid">
        <div className="adm-order__main">
          <section className="adm-panel" aria-labelledby="orders-title">
            <h2 id="orders-title" className="adm-panel__title">
              Orders <span className="adm-count">{customer.order_list.length}</span>
            </h2>
            {customer.order_list.length === 0 ? (
              <p className="adm-empty">No orders yet.</p>
            ) : (
              <TableScroll label="Orders">
                <table className="adm-table adm-table--plain">
                  <caption className="visually-hidden">Orders of {who}, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Placed</th>
                      <th scope="col" className="adm-num">
                        Total
                      </th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {customer.order_list.map((order) => (
                      <tr key={order.order_number}>
                        <td>
                          <OrderLink orderNumber={order.order_number} />
                        </td>
                        <td className="adm-nowrap">
                          <time dateTime={order.created_at}>{formatDayTime(order.created_at)}</time>
                        </td>
                        <td className="adm-num">{formatAmount(order.total_price)}</td>
                        <td>
                          <StatusBadges order={order.order_status} payment={order.payment_status} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>

          <section className="adm-section" aria-labelledby="previews-title">
            <h2 id="previews-title" className="adm-section__title">
              Home Preview requests <span className="adm-count">{customer.home_previews.length}</span>
            </h2>
            {customer.home_previews.length === 0 ? (
              <p className="adm-empty adm-empty--box">No Home Preview requests.</p>
            ) : (
              <div className="adm-cards">
                {customer.home_previews.map((preview) => (
                  <HomePreviewCard key={preview.number} initial={preview} heading="h3" />
                ))}
              </div>
            )}
          </section>

          <section className="adm-section" aria-labelledby="messages-title">
            <h2 id="messages-title" className="adm-section__title">
              Messages <span className="adm-count">{messages.length}</span>
            </h2>
            <p className="adm-panel__lead">
              Matched by the email address typed on the contact form, not by the account: anyone can type {customer.email}, so
              a message may not come from this customer.
            </p>
            {messages.length === 0 ? (
              <p className="adm-empty adm-empty--box">No messages from {customer.email}.</p>
            ) : (
              <div className="adm-cards">
                {messages.map((message) => (
                  <MessageCard key={`${message.id}-${at}`} initial={message} now={at} heading="h3" />
                ))}
              </div>
            )}
          </section>

          <section className="adm-section" aria-labelledby="custom-title">
            <h2 id="custom-title" className="adm-section__title">
              Custom ring requests <span className="adm-count">{requests.length}</span>
            </h2>
            <p className="adm-panel__lead">
              Matched by the email address typed on the custom ring form, not by the account: a request may not come from
              this customer.
            </p>
            {requests.length === 0 ? (
              <p className="adm-empty adm-empty--box">No custom ring requests from {customer.email}.</p>
            ) : (
              <div className="adm-cards">
                {requests.map((request) => (
                  <CustomRequestCard key={`${request.request_number}-${at}`} initial={request} now={now} heading="h3" />
                ))}
              </div>
            )}
          </section>
        </div>

        <div className="adm-order__aside">
          <section className="adm-panel" aria-labelledby="details-title">
            <h2 id="details-title" className="adm-panel__title">
              Account
            </h2>
            <dl className="adm-facts">
              <div>
                <dt>Name</dt>
                <dd>{customer.name || <span className="adm-muted">Not given</span>}</dd>
              </div>
              <div>
                <dt>Title</dt>
                <dd>{customer.title || <span className="adm-muted">Not given</span>}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <a className="adm-link" href={`mailto:${customer.email}`}>
                    {customer.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt>Since</dt>
                <dd>
                  <time dateTime={customer.since}>{formatDay(customer.since)}</time>
                </dd>
              </div>
            </dl>
          </section>

          <PasswordPanel customer={customer} />

          <section className="adm-panel" aria-labelledby="addresses-title">
            <h2 id="addresses-title" className="adm-panel__title">
              Addresses <span className="adm-count">{customer.addresses.length}</span>
            </h2>
            {customer.addresses.length === 0 ? (
              <p className="adm-muted">No saved addresses.</p>
            ) : (
              <ul className="adm-addresses">
                {customer.addresses.map((address) => (
                  <li key={address.id}>
                    <AddressBlock address={address} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

function AddressBlock({ address }: { address: Address }) {
  const a = address.address;
  return (
    <>
      {address.is_default && <span className="adm-badge adm-badge--outline adm-badge--default">Default</span>}
      <address className="adm-address">
        <span>
          {address.first_name} {address.last_name}
        </span>
        {address.company && <span>{address.company}</span>}
        <span>{a.street}</span>
        {a.apartment && <span>{a.apartment}</span>}
        <span>{[a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</span>
        <span>{address.country}</span>
      </address>
      <a className="adm-link adm-small" href={telHref(address.phone_number)}>
        {address.phone_number}
      </a>
    </>
  );
}

/** The password: never shown and never set by staff; the customer is emailed a link to choose one. */
function PasswordPanel({ customer }: { customer: AdminCustomer }) {
  const run = useReauth();
  const failureText = useFailureText();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);

  async function send() {
    if (sending) return;
    setSending(true);
    setError(null);
    const result = await run(() => adminApi.post(`/api/admin/customers/${customer.id}/password-reset`, {}, messageResponseSchema));
    setSending(false);
    if (result === null) return;
    if (result.ok) {
      setOpen(false);
      setOutcome({ kind: 'success', text: result.data.message });
      return;
    }
    const text = await failureText(result, 'The email could not be sent. Please try again in a moment.');
    if (text) setError(text);
  }

  return (
    <section className="adm-panel" aria-labelledby="password-title">
      <h2 id="password-title" className="adm-panel__title">
        Password
      </h2>
      <p className="adm-panel__lead">Staff never see or set a password. A customer who cannot sign in is emailed a link to choose a new one.</p>
      <button ref={opener} type="button" className="adm-button adm-button--ghost" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Send password reset email
      </button>
      {/* Beside the button that asked, where the eye and the returning focus are. */}
      <div className="adm-card__status adm-password__status" role="status">
        <OutcomeBanner outcome={outcome} />
      </div>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!next && !sending) {
            setError(null);
            setOpen(false);
          }
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="adm-dialog-overlay" />
          <Dialog.Content
            className="adm-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            <Dialog.Title className="adm-dialog__title">Email {customer.email} a link to choose a new password?</Dialog.Title>
            <Dialog.Description className="adm-dialog__text">
              The customer’s current password keeps working until they choose a new one. The email is written to the audit log.
            </Dialog.Description>
            <DialogActions error={error} sending={sending} label="Send email" busyLabel="Sending…" onConfirm={() => void send()} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
