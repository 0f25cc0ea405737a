import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DIAMOND_LOOKUP_MAX, type Diamond } from '@everstone/contract/core';
import { api, lazySchema } from '../../lib/api';
import { handOver } from '../../domain/diamond-handoff';
import { METAL_LABELS, formatPrice, formatTagPrice } from '@everstone/contract/core';
import { PieceArt } from '../../components/jewelry/piece-art';
import { variantPath } from '../../domain/piece-lines';
import { removeFromWishlist, removePiece, useSavedPieces, useWishlist, wishlistStore } from '../../domain/wishlist';

// The schema (and Zod) loads with the first lookup, not with the page.
const lookupAnswer = lazySchema((c) => c.diamondLookupResponseSchema);

/** Saved stones are refreshed from the store, so the page shows today's price and whether a stone sold. */
function useFreshRecords(saved: Diamond[]): Map<number, Diamond | 'gone'> {
  const [fresh, setFresh] = useState(new Map<number, Diamond | 'gone'>());
  const ids = saved.map((d) => d.diamondid).join(',');
  useEffect(() => {
    if (!ids) return;
    const controller = new AbortController();
    const wanted = ids.split(',').map(Number).slice(0, DIAMOND_LOOKUP_MAX);
    void api.post('/api/diamonds/lookup', { ids: wanted }, lookupAnswer, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (!res.ok) {
        console.error(`The wishlist's lookup answered ${res.status}`);
        return;
      }
      const map = new Map<number, Diamond | 'gone'>();
      for (const d of res.data.data) map.set(d.diamondid, d);
      for (const id of res.data.missing) map.set(id, 'gone');
      setFresh(map);
      // Keep the stored records current too.
      wishlistStore.set((list) =>
        list.map((d) => {
          const now = map.get(d.diamondid);
          return now && now !== 'gone' ? now : d;
        }),
      );
    });
    return () => controller.abort();
  }, [ids]);
  return fresh;
}

/** Saved pieces of jewelry: each drawn as it was saved, with the price it had then and a link to its page today. */
function SavedPieces() {
  const pieces = useSavedPieces();
  if (pieces.length === 0) return null;
  return (
    <section aria-labelledby="wishlist-pieces-title">
      <h2 id="wishlist-pieces-title" className="wishlist-subtitle">
        Jewelry
      </h2>
      <ul className="wishlist-grid">
        {pieces.map((p) => (
          <li key={p.variant_id} className="wishlist-card">
            <div className="wishlist-art">
              <PieceArt design={p.design} metal={p.metal} title={`${p.name} in ${METAL_LABELS[p.metal]}`} />
            </div>
            <h3 className="wishlist-name">{p.name}</h3>
            <p>{METAL_LABELS[p.metal]}</p>
            <p className="price">{formatTagPrice(p.price_cents)} when saved</p>
            <div className="row">
              <Link className="button" to={variantPath(p)}>
                View piece
              </Link>
              <button type="button" className="button button--ghost" onClick={() => removePiece(p.variant_id)}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The saved stones, each with today's price and whether it can still be bought, and the saved jewelry. */
export function WishlistPage() {
  const saved = useWishlist();
  const pieces = useSavedPieces();
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
          {pieces.length === 0 && <p>Pieces of jewelry you save with their heart wait here too.</p>}
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
                  <p className="price">{formatPrice(record.price)}</p>
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
      {hydrated && <SavedPieces />}
    </section>
  );
}
