import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { addressSchema, type PaymentMethod } from '@everstone/contract';
import { api } from '../../lib/api';
import type { Session } from '../../lib/session';
import { PENDING_ADDRESS_KEY, formFromSavedAddress, parsePending, type CheckoutForm } from './checkout';

/** What filled the form in, for the line that tells the shopper. */
export type Prefill = 'none' | 'pending' | 'saved-address';

/**
 * Fills the form in once the browser can see its storage (§4):
 * - the details a guest entered before signing in (the pending-address key) are restored, then removed;
 * - otherwise a signed-in shopper's saved default address is filled in; having none is not an error (§8: logged).
 * A shopper who has already started typing keeps what they typed.
 */
export function useCheckoutPrefill(
  session: Session,
  setForm: Dispatch<SetStateAction<CheckoutForm>>,
  setMethod: Dispatch<SetStateAction<PaymentMethod | null>>,
  touched: { readonly current: boolean },
): Prefill {
  const [prefill, setPrefill] = useState<Prefill>('none');
  const restored = useRef(false);

  useEffect(() => {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(PENDING_ADDRESS_KEY);
      if (raw !== null) window.localStorage.removeItem(PENDING_ADDRESS_KEY);
    } catch (err) {
      console.error('Could not read the saved checkout details', err);
    }
    if (raw === null) return;
    let pending: ReturnType<typeof parsePending>;
    try {
      pending = parsePending(JSON.parse(raw));
    } catch {
      pending = null;
    }
    if (!pending) return;
    restored.current = true;
    setForm(pending.form);
    setMethod(pending.method);
    setPrefill('pending');
  }, [setForm, setMethod]);

  const userId = session.status === 'signed-in' ? session.user.id : null;
  useEffect(() => {
    if (userId === null || restored.current) return;
    let cancelled = false;
    void api.get(`/api/user-address/${userId}`, addressSchema).then((res) => {
      if (res.ok) {
        if (cancelled || restored.current || touched.current) return;
        setForm((current) => formFromSavedAddress(res.data, current));
        setPrefill('saved-address');
      } else if (res.status === 404) console.info('No saved address to fill checkout in with');
      else console.warn(`The saved address could not be loaded for checkout (${res.status})`);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, setForm, touched]);

  return prefill;
}
