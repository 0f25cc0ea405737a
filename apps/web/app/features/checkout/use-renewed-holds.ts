import { useEffect, useState } from 'react';
import { holdEndText } from '@everstone/contract/core';
import { api, lazySchema } from '../../lib/api';
import type { CartLine } from '../../domain/cart';

const holdAnswer = lazySchema((c) => c.holdResponseSchema);

/** A ring's stone this shopper holds, renewed on reaching the checkout: until when, and which ring. */
export interface RenewedHold {
  certificate: string;
  ring: string;
  expiresAt: string;
}

/**
 * "Renewed at checkout" (decision 015): a signed-in shopper who held a ring's stone in the builder holds it again on
 * reaching this page, for a full hold, so it cannot be sold from under them while they fill in the form. Only holds
 * they already have are renewed: the checkout takes no new holds (those stay the shopper's choice in the builder), and
 * placing the order turns the hold into the order's reservation.
 */
export function useRenewedHolds(lines: readonly CartLine[], signedIn: boolean): RenewedHold[] {
  const [renewed, setRenewed] = useState<RenewedHold[]>([]);
  const rings = lines.flatMap((l) => (l.kind === 'ring' ? [{ id: l.diamond.diamondid, certificate: l.diamond.certificate_number, ring: l.setting_name }] : []));
  const key = rings.map((r) => r.id).join(',');
  useEffect(() => {
    if (!signedIn || rings.length === 0) {
      setRenewed([]);
      return;
    }
    const controller = new AbortController();
    void (async () => {
      const out: RenewedHold[] = [];
      for (const ring of rings) {
        const current = await api.get(`/api/builder/holds/${ring.id}`, holdAnswer, { signal: controller.signal });
        if (controller.signal.aborted) return;
        if (!current.ok || !current.data.mine) continue;
        const again = await api.post('/api/builder/holds', { diamond_id: ring.id }, holdAnswer, { signal: controller.signal });
        if (controller.signal.aborted) return;
        if (again.ok) out.push({ certificate: ring.certificate, ring: ring.ring, expiresAt: again.data.expires_at });
      }
      setRenewed(out);
    })();
    return () => controller.abort();
    // The rings' stones, not the lines' identity, decide what is renewed.
  }, [key, signedIn]);
  return renewed;
}

/** 'The diamond LG123 in your Aria Engagement Ring is held for you until 3:45 PM while you check out.' */
export function renewedHoldText(hold: RenewedHold): string {
  return `The diamond ${hold.certificate} in your ${hold.ring} is held for you until ${holdEndText(hold.expiresAt)} while you check out.`;
}
