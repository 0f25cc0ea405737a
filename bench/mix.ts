/** The fixed search mix the benchmarks send: the same requests on every run. */

/** A small deterministic PRNG so every run sends the same mix. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Searches a shopper makes: a tab, often shapes and a budget, sometimes grades, any sort, mostly early pages. */
export function searchMix(n: number, seed = 2026, page?: number): string[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const sorts = ['price_asc', 'price_asc', 'price_asc', 'price_desc', 'carat_asc', 'carat_desc', 'color_asc', 'clarity_asc', 'cut_asc', 'cut_desc'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = new URLSearchParams();
    p.set('active_tab', pick(['1', '2', '2', '3']));
    if (r() < 0.6) for (const s of new Set([1 + Math.floor(r() * 10), ...(r() < 0.3 ? [1 + Math.floor(r() * 10)] : [])])) p.append('shapes', String(s));
    if (r() < 0.6) {
      const lo = pick([0, 0, 500, 1000, 2000, 3000]);
      p.append('price', String(lo));
      p.append('price', String(pick([lo + 1000, lo + 2500, lo + 5000, 10000])));
    }
    if (r() < 0.5) {
      const lo = pick([0.3, 0.5, 0.7, 1, 1.5, 2]);
      p.append('carat', String(lo));
      p.append('carat', String(pick([lo + 0.5, lo + 1, lo + 2, 20])));
    }
    if (r() < 0.3) { p.append('color', String(1 + Math.floor(r() * 2))); p.append('color', String(4 + Math.floor(r() * 3))); }
    if (r() < 0.3) { p.append('clarity', String(1 + Math.floor(r() * 3))); p.append('clarity', String(5 + Math.floor(r() * 3))); }
    if (r() < 0.2) { p.append('cut', '1'); p.append('cut', String(3 + Math.floor(r() * 4))); }
    if (r() < 0.1) { p.append('ratio', '1.2'); p.append('ratio', '1.6'); }
    if (r() < 0.1) p.set('featured', '1');
    if (r() < 0.15) p.set('selectedReport', pick(['1', '2']));
    p.set('sort', pick(sorts));
    p.set('page', String(page ?? pick([1, 1, 1, 1, 2, 2, 3, 4, 5, 10, 25, 50])));
    out.push(`/api/get-all-diamonds?${p}`);
  }
  return out;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Searches as a shopper's sliders make them: continuous prices and carats, any of the eleven ranges, shapes, tabs,
 * report, featured deals, a certificate's first digits, every sort, pages 1 to 50. Almost no two are alike, so a
 * cache cannot answer them: this is the mix that measures the search itself. `seed` fixes the sequence.
 */
export function uniqueSearches(seed = 2026): () => string {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const sorts = ['price_asc', 'price_asc', 'price_asc', 'price_desc', 'carat_asc', 'carat_desc', 'color_asc', 'color_desc', 'clarity_asc', 'clarity_desc', 'cut_asc', 'cut_desc'];
  const scale = (p: URLSearchParams, name: string, top: number) => {
    const lo = 1 + Math.floor(r() * (top - 1));
    p.append(name, String(lo));
    p.append(name, String(lo + 1 + Math.floor(r() * (top - lo))));
  };
  return () => {
    const p = new URLSearchParams();
    p.set('active_tab', pick(['1', '1', '2', '2', '2', '3']));
    if (r() < 0.6) for (const s of new Set([1 + Math.floor(r() * 10), ...(r() < 0.3 ? [1 + Math.floor(r() * 10)] : [])])) p.append('shapes', String(s));
    if (r() < 0.6) {
      // A budget slider's two handles anywhere, at least the slider's gap apart.
      const lo = round(r() < 0.3 ? 0 : r() ** 2 * 8000, 0);
      p.append('price', String(lo));
      p.append('price', String(r() < 0.25 ? 10000 : Math.min(10000, round(lo + 100 + r() * 6000, 0))));
    }
    if (r() < 0.5) {
      const lo = round(0.2 + r() ** 2 * 4, 2);
      p.append('carat', String(lo));
      p.append('carat', String(r() < 0.3 ? 20 : round(lo + 0.1 + r() * 2, 2)));
    }
    if (r() < 0.3) scale(p, 'color', 6);
    if (r() < 0.3) scale(p, 'clarity', 7);
    if (r() < 0.2) scale(p, 'cut', 6);
    if (r() < 0.08) scale(p, 'polish', 7);
    if (r() < 0.08) scale(p, 'symmetry', 7);
    if (r() < 0.08) scale(p, 'fluorescence', 6);
    if (r() < 0.1) {
      const lo = round(0.9 + r() * 0.9, 3);
      p.append('ratio', String(lo));
      p.append('ratio', String(round(Math.min(2.75, lo + 0.1 + r() * 0.8), 3)));
    }
    for (const name of ['table', 'depth']) {
      if (r() < 0.06) {
        const lo = round(50 + r() * 15, 0);
        p.append(name, String(lo));
        p.append(name, String(lo + 2 + Math.floor(r() * 15)));
      }
    }
    if (r() < 0.1) p.set('featured', '1');
    if (r() < 0.15) p.set('selectedReport', pick(['1', '2']));
    // A certificate's first digits, typed from a grading report.
    if (r() < 0.02) p.set('certificate', `${pick(['1', '2', '5', 'LG1', 'LG4', '6'])}${Math.floor(r() * 1000)}`);
    p.set('sort', pick(sorts));
    p.set('page', String(r() < 0.6 ? 1 : 1 + Math.floor(r() ** 2 * 50)));
    return `/api/get-all-diamonds?${p}`;
  };
}
