import { useEffect, useState } from 'react';
import type { GiftStanding } from '@everstone/contract/core';
import { api, lazySchema } from '../lib/api';
import { useSession } from '../lib/session';

const standingAnswer = lazySchema((c) => c.giftStandingSchema);

/**
 * What the store says of §9's free gift beyond the cart's progress (GET /api/free-gift): whether the signed-in
 * account has received its one gift, and which gifts are out of stock. Asked again when the shopper signs in or out;
 * null until the store answers (the progress alone is shown meanwhile, as it was before the answer).
 */
export function useGiftStanding(): GiftStanding | null {
  const session = useSession();
  const who = session.status === 'signed-in' ? `user:${session.user.id}` : session.status;
  const [standing, setStanding] = useState<GiftStanding | null>(null);
  useEffect(() => {
    if (who === 'loading') return;
    const controller = new AbortController();
    void api.get('/api/free-gift', standingAnswer, { signal: controller.signal }).then(
      (res) => {
        if (res.ok) setStanding({ receivedWith: res.data.received_with, outOfStock: res.data.out_of_stock });
      },
      () => {},
    );
    return () => controller.abort();
  }, [who]);
  return standing;
}
