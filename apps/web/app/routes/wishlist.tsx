import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Diamond } from '@everstone/contract/core';
import type { Route } from './+types/wishlist';
import { pageMeta } from '../lib/seo';
import { removeFromWishlist, useWishlist, wishlistStore } from '../lib/wishlist';
import { handOver } from '../lib/diamond-handoff';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your Wishlist',
    description: 'The diamonds you saved with a heart, kept on this device.',
    noindex: true,
  });

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Saved stones are refreshed from the store, so the page shows today's price and whether a stone sold. */
function useFreshRecords(saved: Diamond[]): Map<number, Diamond | 'gone'> {
  const [fresh, setFresh] = useState(new Map<number, Diamond | 'gone'>());
  const ids = saved.map((d) => d.diamondid).join(',');
  useEffect(() => {
    if (!ids) return;
    const controller = new AbortController();
    fetch('/api/diamonds/lookup', {
      method: 'POST',
      signal: controller.signal,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: ids.split(',').map(Number).slice(0, 100) }),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`lookup answered ${res.status}`);
        const body = (await res.json()) as { data: Diamond[]; missing: number[] };
        return [
          ...body.data.map((d) => [d.diamondid, d] as const),
          ...body.missing.map((id) => [id, 'gone'] as const),
        ];
      })
      .then((entries) => {
        const map = new Map<number, Diamond | 'gone'>();
        for (const [id, record] of entries) map.set(id, record);
        setFresh(map);
        // Keep the stored records current too.
        wishlistStore.set((list) => list.map((d) => {
          const now = map.get(d.diamondid);
          return now && now !== 'gone' ? now : d;
        }));
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.error(err);
      });
    return () => controller.abort();
  }, [ids]);
  return fresh;
}

export default function Wishlist() {
  const saved = useWishlist();
  const fresh = useFreshRecords(saved);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <section className="wishlist" aria-labelledby="wishlist-title">
      <h1 id="wishlist-title">Your Wishlist</h1>
      {!hydrated ? (
        <p>Loading your saved diamonds…</p>
      ) : saved.length === 0 ? (
        <>
          <p>You have not saved any diamonds yet. Tap the heart beside a diamond to keep it here.</p>
          <Link className="button" to="/diamond">
            Browse diamonds
          </Link>
        </>
      ) : (
        <>
          <p>
            {saved.length} saved {saved.length === 1 ? 'diamond' : 'diamonds'}, kept on this device.
          </p>
          <ul className="wishlist-grid">
            {saved.map((d) => {
              const now = fresh.get(d.diamondid);
              const record = now && now !== 'gone' ? now : d;
              const unavailable = now === 'gone' || (record.status !== undefined && record.status !== 'available');
              const title = `${record.carat_weight.toFixed(2)} Carat ${record.shape?.name ?? ''} Diamond`;
              return (
                <li key={d.diamondid} className="wishlist-card">
                  <img src={`/shapes/${record.shape?.image ?? 'placeholder'}.svg`} alt="" width={72} height={72} />
                  <h2 className="wishlist-name">{title}</h2>
                  <p>
                    {[record.color?.name ?? record.fancy_color?.name, record.clarity?.name, record.cut?.full_name].filter(Boolean).join(' · ')}
                  </p>
                  <p>
                    {record.certificate_company.dl_name} {record.certificate_number}
                  </p>
                  <p className="price">{money.format(record.price)}</p>
                  {unavailable && <p className="unavailable">This diamond is no longer available.</p>}
                  <div className="row">
                    {!unavailable && (
                      <Link className="button" to={`/diamond-details/${record.diamondid}`} onClick={() => handOver(record)}>
                        View diamond
                      </Link>
                    )}
                    <button type="button" className="button button--ghost" onClick={() => removeFromWishlist(d.diamondid)}>
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
