import { useCallback, useEffect, useState } from 'react';
import { HOLD_MESSAGES, type StoneHold } from '@everstone/contract/core';
import { NO_CONTENT, api, failureText, lazySchema } from '../../lib/api';
import { useSession, type Session } from '../../lib/session';
import { holdCountdown } from './rules';

const holdAnswer = lazySchema((c) => c.holdResponseSchema);

export type HoldView =
  | { status: 'none' }
  | { status: 'mine'; expiresAt: string }
  | { status: 'other'; expiresAt: string };

export interface StoneHoldState {
  session: Session['status'];
  hold: HoldView;
  /** Now, ticking each second while a hold runs (for its countdown); null until the page runs in the browser, so the
   * server's HTML and the first render in the browser agree (a time of day is the reader's own). */
  now: number | null;
  busy: boolean;
  /** What the last action said (a refusal, a hold that ended), for the panel's live region. */
  message: string | null;
  /** The last hold was refused because the account's email address is not verified: the panel offers a new link. */
  needsVerification: boolean;
  take: () => void;
  release: () => void;
}

function viewOf(hold: StoneHold | null): HoldView {
  if (!hold) return { status: 'none' };
  return { status: hold.mine ? 'mine' : 'other', expiresAt: hold.expires_at };
}

export const HOLD_ENDED_MESSAGE = 'Your hold on this diamond has ended. You can hold it again while it is available.';
export const HOLD_RELEASED_MESSAGE = 'You let the diamond go: other shoppers can order it again.';

/**
 * The hold on a ring's stone as this shopper sees it. The page's loader says whether someone holds it (it cannot know
 * who: it runs without the shopper's session); once the session is known, a signed-in shopper asks again, so their
 * own hold shows as theirs. Holding and letting go are the API's (POST and DELETE /api/builder/holds), and a hold
 * that runs out ends here too, on the second.
 */
export function useStoneHold(diamondId: number, initial: StoneHold | null): StoneHoldState {
  const session = useSession();
  const [hold, setHold] = useState<HoldView>(() => viewOf(initial));
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [needsVerification, setNeedsVerification] = useState(false);
  const signedIn = session.status === 'signed-in';

  // The loader's word again (another stone, another metal): it cannot say `mine`, so this shopper's own hold stays theirs.
  useEffect(() => {
    setHold((current) => (current.status === 'mine' && initial?.expires_at === current.expiresAt ? current : viewOf(initial)));
  }, [initial]);
  useEffect(() => {
    setMessage(null);
    setNeedsVerification(false);
  }, [diamondId]);

  // Signed in: is it this shopper's own hold? (The server's answer names `mine` only to the asker.)
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    void api.get(`/api/builder/holds/${diamondId}`, holdAnswer, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setHold(viewOf(res.data));
      else if (res.status === 404) setHold({ status: 'none' });
    });
    return () => controller.abort();
  }, [diamondId, signedIn]);

  const running = hold.status !== 'none';
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  // A hold that runs out ends on the page as it does on the server.
  useEffect(() => {
    if (hold.status === 'none' || now === null || !holdCountdown(hold.expiresAt, now).ended) return;
    if (hold.status === 'mine') setMessage(HOLD_ENDED_MESSAGE);
    setHold({ status: 'none' });
  }, [hold, now]);

  const take = useCallback(() => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    setNeedsVerification(false);
    void api.post('/api/builder/holds', { diamond_id: diamondId }, holdAnswer).then(async (res) => {
      setBusy(false);
      if (res.ok) {
        setNow(Date.now());
        setHold(viewOf(res.data));
        return;
      }
      setMessage(res.status === 401 ? HOLD_MESSAGES.signIn : (failureText(res) ?? 'The diamond could not be held just now. Please try again.'));
      // 403: the account's address is not verified yet (the store's message says so); the way to verify is offered.
      setNeedsVerification(res.status === 403);
      // Someone may have taken it meanwhile: show whose hold it is now.
      const again = await api.get(`/api/builder/holds/${diamondId}`, holdAnswer);
      if (again.ok) setHold(viewOf(again.data));
    });
  }, [busy, diamondId]);

  const release = useCallback(() => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    void api.delete(`/api/builder/holds/${diamondId}`, NO_CONTENT).then((res) => {
      setBusy(false);
      if (res.ok || res.status === 404) {
        setHold({ status: 'none' });
        setMessage(HOLD_RELEASED_MESSAGE);
        return;
      }
      setMessage(failureText(res) ?? 'The hold could not be let go just now. Please try again.');
    });
  }, [busy, diamondId]);

  return { session: session.status, hold, now, busy, message, needsVerification, take, release };
}
