import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { Link, useNavigate } from 'react-router';
import { DELIVERY_COUNTRIES, WALLET_PAYMENT_METHOD, addressSchema, orderSchema, walletOrderResponseSchema, type PaymentMethod } from '@everstone/contract';
import { lineKey, type GiftChoice } from '@everstone/contract/core';
import { clearCart, lineItemOf, priceCart, type CartLine } from '../../domain/cart';
import {
  ADDRESS_ERROR_FIELDS,
  EMPTY_FORM,
  ORDER_FAILED_MESSAGE,
  PENDING_ADDRESS_KEY,
  addressPayload,
  firstBroken,
  linesRefusedBy,
  newIdempotencyKey,
  orderPayload,
  walletPayload,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutForm as Form,
} from './checkout';
import { api, type ApiFailure } from '../../lib/api';
import type { Session } from '../../lib/session';
import { Field, type FieldHost, type InputFieldProps } from '../../components/ui/form';
import { VerificationLinkButton } from '../../components/ui/verification-link-button';
import { PaymentMethods } from './payment-methods';
import { useCheckoutPrefill } from './use-checkout-prefill';
import { fetchQuote, type Destination } from './use-quote';

interface CheckoutFormProps {
  session: Session;
  /** The lines the order carries (every line that can be bought). */
  payable: CartLine[];
  /** The chosen method, kept by the page: the summary's total depends on it. */
  method: PaymentMethod | null;
  setMethod: Dispatch<SetStateAction<PaymentMethod | null>>;
  /**
   * What keeps the order from being placed (a line marked No longer available, a ring without a size, a piece the
   * store refused), with what the shopper does about it in the cart; null when nothing does.
   */
  blocker: { text: string; action: string } | null;
  /** False until the browser has read the cart. */
  ready: boolean;
  /** Asks the store about the cart's lines again (after an order found one gone). */
  recheck(): void;
  /** The pieces the store refused in the last attempt, by cart line key, with what it said of each. */
  onRefused(refused: Map<string, string>): void;
  /** The ZIP or postal code and country as typed (null while no code is): the summary's tax follows them. */
  onDestination(destination: Destination | null): void;
  /** §9: the free gift chosen at the second tier (the order summary asks). */
  giftChoice: GiftChoice;
}

/** `verify`: the store's ceiling on unpaid orders refused this one, and verifying the shopper's address is a way through. */
type Failure = { message: string; detail?: string; verify?: boolean } | null;

type TextFieldName = 'email' | 'first_name' | 'last_name' | 'address' | 'apartment' | 'city' | 'zip_code' | 'phone';
type CheckoutField = TextFieldName | 'country';

/** The detail under §8's message: what the server said, when it said something a shopper can act on. */
function failureDetail(failure: ApiFailure): string | undefined {
  if (failure.status === 0) return 'We could not reach the store. Please check your connection and try again.';
  if (failure.status === 409) return failure.message ?? 'Part of your order is no longer available.';
  if (failure.status === 401) return 'Your session has ended. Please sign in again to place your order.';
  if (failure.status === 422 || failure.status === 429) return failure.message ?? undefined;
  return undefined;
}

/**
 * The checkout form (§2, §4, §5): contact, delivery, payment method and 'Remember me', then Pay now. A guest's
 * valid form waits in local storage while they sign in; a signed-in shopper's address is saved (§7, before any
 * order) and the order placed. The button is busy from the first press until the answer, so an order is never
 * sent twice.
 */
export function CheckoutForm({ session, payable, method, setMethod, blocker, ready, recheck, onRefused, onDestination, giftChoice }: CheckoutFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [failure, setFailure] = useState<Failure>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const touched = useRef(false);
  const prefill = useCheckoutPrefill(session, setForm, setMethod, touched);
  const zip = form.zip_code.trim();
  useEffect(() => onDestination(zip ? { zip, country: form.country } : null), [zip, form.country, onDestination]);
  // One key per order attempt: pressing Pay now again after an answer was lost resends the same key, and the
  // store answers the order it already placed. A different set of diamonds is another order, with a new key.
  const idempotency = useRef<{ ids: string; key: string } | null>(null);
  // Back from the wallet's page can show this page from the browser's cache, still busy: make it usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sending.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  const orderKey = (lines: readonly CartLine[]) => {
    const ids = lines.map((l) => lineKey(lineItemOf(l))).join(',');
    if (idempotency.current?.ids !== ids) idempotency.current = { ids, key: newIdempotencyKey() };
    return idempotency.current.key;
  };

  const user = session.status === 'signed-in' ? session.user : null;
  const guest = session.status === 'guest';
  // The kit's fields drawn from this form's own state (its update drops a corrected field's message).
  const host: FieldHost<CheckoutField> = {
    id,
    errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])),
    clear: () => undefined,
    initial: () => undefined,
  };

  const update = useCallback((event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    touched.current = true;
    const { name, type } = event.target;
    const value = type === 'checkbox' ? (event.target as HTMLInputElement).checked : event.target.value;
    setForm((current) => ({ ...current, [name]: value }));
    // A corrected field loses its message; the others keep theirs until the next Pay now.
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as keyof CheckoutErrors];
      return next;
    });
  }, []);

  const choose = useCallback(
    (next: PaymentMethod) => {
      touched.current = true;
      setMethod(next);
      setErrors((current) => {
        if (!current.payment) return current;
        const rest = { ...current };
        delete rest.payment;
        return rest;
      });
    },
    [setMethod],
  );

  function focusField(key: keyof CheckoutErrors) {
    const form = formRef.current;
    if (!form) return;
    const target =
      key === 'payment'
        ? (form.querySelector<HTMLInputElement>('input[name="payment"]:checked') ?? form.querySelector<HTMLInputElement>('input[name="payment"]'))
        : form.querySelector<HTMLElement>(`[name="${key}"]`);
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  }

  function showErrors(next: CheckoutErrors) {
    setErrors(next);
    const first = firstBroken(next);
    // After React has drawn the messages, so the field's description is there when focus lands on it.
    if (first) requestAnimationFrame(() => focusField(first));
  }

  function fail(failure: ApiFailure) {
    console.error(`Checkout failed (${failure.status})`, failure.message);
    // A stone or a piece sold meanwhile: the store is asked again, so the summary marks it (the cart itself stays);
    // a piece the store named is marked at once, with what it said.
    const refused = linesRefusedBy(failure, payable);
    if (failure.status === 409 || refused.size > 0) recheck();
    onRefused(refused);
    const detail = failureDetail(failure);
    // Past the ceiling on unpaid orders of new accounts the store names the way through under payment_mode (PayPal, or
    // verifying the address): an unverified shopper gets the link on the spot.
    const verify = failure.status === 409 && failure.errors?.payment_mode !== undefined && user !== null && !user.email_verified;
    setFailure({ message: ORDER_FAILED_MESSAGE, detail, verify });
    // §8: the failure is an alert. The line under the button stays, for whoever dismissed it too fast.
    window.alert(detail ? `${ORDER_FAILED_MESSAGE}\n\n${detail}` : ORDER_FAILED_MESSAGE);
  }

  async function payNow(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || session.status === 'loading' || !ready) return;
    setFailure(null);
    onRefused(new Map());
    const found = validateCheckout(form, method, { guest: !user });
    if (Object.keys(found).length > 0 || !method) {
      showErrors(found);
      return;
    }
    setErrors({});
    if (!user) {
      // §4: a guest's details wait under the pending-address key while they sign in; /signin brings them back.
      try {
        window.localStorage.setItem(PENDING_ADDRESS_KEY, JSON.stringify({ form, method }));
      } catch (err) {
        console.error('Could not keep the checkout details while signing in', err);
      }
      await navigate('/signin', { state: { from: '/checkout' } });
      return;
    }
    if (blocker || payable.length === 0) return;

    sending.current = true;
    setBusy(true);
    const failed = (failure: ApiFailure) => {
      fail(failure);
      sending.current = false;
      setBusy(false);
    };
    const saved = await api.post('/api/store-addresses', addressPayload(form, user.id), addressSchema);
    if (!saved.ok) {
      if (saved.status === 422 && saved.errors) {
        const mapped: CheckoutErrors = {};
        for (const [key, messages] of Object.entries(saved.errors)) {
          const field = ADDRESS_ERROR_FIELDS[key];
          if (field && !mapped[field]) mapped[field] = messages.join(' ');
        }
        if (Object.keys(mapped).length > 0) showErrors(mapped);
      }
      return failed(saved);
    }
    // The total sent is the store's own quote for this address and method, asked now: what the summary showed,
    // unless the ZIP code changed since, and never a figure the store would refuse.
    const quoted = await fetchQuote(payable, priceCart(payable, method), method, { zip: form.zip_code.trim(), country: form.country });
    if (!quoted.ok) return failed(quoted);
    if (quoted.data.tax_status === 'invalid') {
      showErrors({ zip_code: quoted.data.tax_message ?? 'Please check the ZIP code.' });
      sending.current = false;
      setBusy(false);
      return;
    }
    const total = quoted.data.total;
    if (method === WALLET_PAYMENT_METHOD) {
      // §4 Wallet payment: no order yet. The shopper approves on the wallet's page and comes back to
      // /checkout/paypal-return, which places the order; the cart stays as it is until then.
      const payment = await api.post('/api/paypal/create-order', walletPayload(form, user, payable, giftChoice, total), walletOrderResponseSchema);
      if (!payment.ok) return failed(payment);
      window.location.assign(payment.data.approve_url);
      return;
    }
    const order = await api.post('/api/store-order', orderPayload(form, method, user, payable, giftChoice, total), orderSchema, {
      headers: { 'Idempotency-Key': orderKey(payable) },
    });
    if (!order.ok) return failed(order);
    // §4: the order is placed: the order goes to the thank-you page and the cart is emptied (after leaving,
    // so this page never flashes its empty-cart state).
    await navigate('/thankyou', { replace: true, state: { order: order.data } });
    clearCart();
  }

  const blocked = ready && blocker !== null;
  const text = (name: TextFieldName, label: string, extra: Partial<Omit<InputFieldProps<CheckoutField>, 'form' | 'name' | 'label'>> = {}) => (
    <Field form={host} name={name} label={label} required={!extra.optional} value={form[name]} onChange={update} maxLength={200} {...extra} />
  );

  return (
    <form ref={formRef} className="checkout-form" method="post" noValidate onSubmit={payNow} aria-label="Checkout" aria-busy={busy || undefined}>
      <section className="checkout-section" aria-labelledby={`${id}-contact`}>
        <div className="checkout-section__head">
          <h2 id={`${id}-contact`} className="checkout-section__title">
            Contact
          </h2>
          {guest && (
            <Link className="checkout-section__aside" to="/signin" state={{ from: '/checkout' }}>
              Sign in
            </Link>
          )}
        </div>
        {user ? (
          <p className="checkout-contact">
            <span className="checkout-contact__label">Signed in as</span>{' '}
            <strong className="checkout-contact__email" data-testid="checkout-email">
              {user.email}
            </strong>
          </p>
        ) : guest ? (
          text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })
        ) : (
          // The session is still being read: the room the email field takes, so nothing moves when it arrives.
          <div className="checkout-contact checkout-contact--pending" aria-hidden="true" />
        )}
      </section>

      <section className="checkout-section" aria-labelledby={`${id}-delivery`}>
        <h2 id={`${id}-delivery`} className="checkout-section__title">
          Delivery
        </h2>
        {prefill !== 'none' && (
          <p className="checkout-prefill" role="status">
            {prefill === 'pending'
              ? 'Welcome back. The details you entered are filled in: review them and press Pay now.'
              : 'Your saved address is filled in. Change anything that is different for this order.'}
          </p>
        )}
        <div className="form-grid">
          <Field form={host} as="select" name="country" label="Country" value={form.country} onChange={update} autoComplete="country-name" wide>
            {DELIVERY_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Field>
          {text('first_name', 'First name', { autoComplete: 'given-name' })}
          {text('last_name', 'Last name', { autoComplete: 'family-name' })}
          {text('address', 'Address', { autoComplete: 'address-line1', wide: true })}
          {text('apartment', 'Apartment, suite, etc.', { autoComplete: 'address-line2', optional: true, wide: true })}
          {text('city', 'City', { autoComplete: 'address-level2' })}
          {text('zip_code', form.country === 'Canada' ? 'Postal code' : 'ZIP code', { autoComplete: 'postal-code', maxLength: 20 })}
          {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', wide: true, maxLength: 30 })}
        </div>
        <div className="checkout-checks">
          <label className="checkout-check">
            <input type="checkbox" name="smsOffers" checked={form.smsOffers} onChange={update} />
            <span>Text me with news and offers</span>
          </label>
          <label className="checkout-check">
            <input type="checkbox" name="emailOffers" checked={form.emailOffers} onChange={update} />
            <span>Email me with news and offers</span>
          </label>
        </div>
      </section>

      <PaymentMethods value={method} onChange={choose} error={errors.payment} disabled={busy} />

      <section className="checkout-section checkout-remember" aria-labelledby={`${id}-remember`}>
        <h2 id={`${id}-remember`} className="checkout-section__title">
          Remember me
        </h2>
        {/* §7 saves the address before every order, so there is nothing to opt into: the box says what happens. */}
        <p className="checkout-section__lead">
          Your delivery address is saved to your account when you place your order, and fills in this form next time. You can change or
          delete it in My Account under View Addresses.
        </p>
      </section>

      <div className="checkout-submit">
        {blocked && (
          <p className="checkout-blocked" id={`${id}-blocked`}>
            {blocker.text} <Link to="/cart">{blocker.action}</Link> to place your order.
          </p>
        )}
        <div role="alert" className="form-live">
          {failure && (
            <div className="form-banner form-banner--error checkout-failure">
              <p>{failure.message}</p>
              {failure.detail && <p>{failure.detail}</p>}
            </div>
          )}
        </div>
        {failure?.verify && <VerificationLinkButton label="Email me a link to verify my address" />}
        <button
          type="submit"
          className="button checkout-pay"
          disabled={busy || blocked}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
        >
          {busy ? 'Processing...' : 'Pay now'}
        </button>
        <p className="checkout-fineprint">
          {guest
            ? 'You will be asked to sign in before your order is placed; your details are kept on this device meanwhile.'
            : method === WALLET_PAYMENT_METHOD
              ? 'You approve the payment on PayPal’s page; your order is placed, paid, when you come back. The store checks each price and that every diamond is still available first.'
              : 'Your order is placed as pending. The store checks each price and that every diamond is still available when you press Pay now.'}
        </p>
        <p className="checkout-fineprint">
          By placing your order you agree to our <Link to="/terms">Terms</Link> and <Link to="/policy">Privacy Policy</Link>.
        </p>
      </div>
    </form>
  );
}
