import {
  COLLECTIONS,
  GEMSTONES,
  METAL_LABELS,
  PRODUCT_STYLE_LABELS,
  REFERENCE_SIZE_NOTE,
  formatCarat,
  type ProductDetail,
  type Variant,
} from '@everstone/contract/core';

const PROFILES: Record<string, string> = {
  comfort: 'Comfort fit (rounded inside)',
  flat: 'Flat',
  'knife-edge': 'Knife edge',
  domed: 'Domed',
  tapered: 'Tapered',
};

const ACCENT_SETTINGS: Record<string, string> = {
  pave: 'pavé',
  channel: 'channel',
  'shared-prong': 'shared-prong',
  bezel: 'bezel',
  eternity: 'shared-prong, all the way round',
};

const mm = (n: number) => `${n.toFixed(1)} mm`;

/**
 * The specifications a jeweler would quote for a variant, as label and value pairs: metal and its weight, band,
 * head and the stones it holds, side stones, the center stone's certificate, how it is made.
 */
export function specsOf(product: Pick<ProductDetail, 'family' | 'style' | 'collection' | 'engravable' | 'resizable'>, v: Variant): [string, string][] {
  const out: [string, string][] = [['Style', PRODUCT_STYLE_LABELS[product.style]]];
  if (product.collection) out.push(['Collection', COLLECTIONS.find((c) => c.id === product.collection)!.label]);
  out.push(['Metal', METAL_LABELS[v.metal]]);
  const ring = v.design.form === 'ring';
  out.push(['Metal weight', `${v.metal_grams.toFixed(2)} g${ring ? ` ${REFERENCE_SIZE_NOTE}` : ''}`]);
  const d = v.design;
  switch (d.form) {
    case 'ring': {
      out.push(['Band width', mm(d.bandWidthMm)], ['Band thickness', mm(d.bandThicknessMm)], ['Profile', PROFILES[d.profile] ?? d.profile]);
      if (d.milgrain) out.push(['Edges', 'Milgrain']);
      if (d.inlay) out.push(['Inlay', `${d.inlay === 'black' ? 'Black' : 'White'} ceramic`]);
      if (d.head) {
        out.push(['Head', d.head.prongs === 0 ? 'Bezel' : `${d.head.prongs} prongs`]);
        if (d.head.halo !== 'none') out.push(['Halo', d.head.halo === 'hidden' ? 'Hidden halo (under the stone)' : 'Halo round the stone']);
        if (product.family === 'setting') {
          out.push(['Center stone it holds', `${d.head.shapes.join(', ')}, ${mm(d.head.minWidthMm)} to ${mm(d.head.maxWidthMm)} wide`]);
        }
      }
      if (d.accents && d.accents.count > 0) {
        const gem = GEMSTONES.find((g) => g.id === d.accents!.gem)!.label.toLowerCase();
        const origin = v.origin ? (v.origin === 'lab' ? 'lab-grown ' : 'natural ') : '';
        out.push(['Side stones', `${d.accents.count} ${origin}${gem}s, ${formatCarat(d.accents.caratTotal)} ct total weight, ${ACCENT_SETTINGS[d.accents.setting] ?? d.accents.setting} set`]);
      }
      if (d.center && !v.included_stone) {
        const gem = GEMSTONES.find((g) => g.id === d.center!.gem)!.label;
        out.push(['Center stone', `${gem}, ${d.center.shape}, ${d.center.lengthMm.toFixed(1)} × ${d.center.widthMm.toFixed(1)} mm`]);
      }
      break;
    }
    case 'earrings':
      if (d.stone) out.push(['Each earring', `${d.stone.shape} ${GEMSTONES.find((g) => g.id === d.stone!.gem)!.label.toLowerCase()}, ${mm(d.stone.widthMm)} across`]);
      if (d.hoopDiameterMm) out.push(['Hoop diameter', mm(d.hoopDiameterMm)]);
      if (d.hoopStones > 0) out.push(['Stones per hoop', String(d.hoopStones)]);
      if (d.style !== 'hoops') out.push(['Setting', d.prongs === 0 ? 'Bezel' : `${d.prongs} prongs`], ['Backs', 'Friction backs']);
      break;
    case 'necklace':
      out.push(['Length', `${d.lengthIn} in`]);
      if (d.stones > 0) out.push(['Diamonds', `${d.stones}, ${mm(d.stoneMm)} each`]);
      break;
    case 'bracelet':
      out.push(['Length', `${d.lengthIn} in`]);
      if (d.stones > 0) out.push(['Diamonds', `${d.stones}, ${mm(d.stoneMm)} each`]);
      if (d.style === 'bangle') out.push(['Width', mm(d.widthMm)]);
      if (d.inlay) out.push(['Inlay', `${d.inlay === 'black' ? 'Black' : 'White'} ceramic`]);
      break;
  }
  if (v.carat_total !== null && product.family !== 'preset') out.push(['Total carat weight', `${formatCarat(v.carat_total)} ct`]);
  if (v.origin && product.family !== 'preset') out.push(['Diamonds', v.origin === 'lab' ? 'Lab-grown' : 'Natural']);
  const s = v.included_stone;
  if (s) {
    out.push(
      ['Center diamond', `${formatCarat(s.carat)} ct ${s.shape}, ${s.origin === 'lab' ? 'lab-grown' : 'natural'}`],
      ['Color, clarity, cut', `${s.color}, ${s.clarity}, ${s.cut}`],
      ['Measurements', `${s.length_mm.toFixed(2)} × ${s.width_mm.toFixed(2)} × ${s.depth_mm.toFixed(2)} mm`],
      ['Certificate', `${s.lab} ${s.certificate_number}`],
    );
  }
  if (ring) out.push(['Resizing', product.resizable ? 'One free resize' : 'Cannot be resized']);
  out.push(['Engraving', product.engravable ? 'Available inside' : 'Not available']);
  out.push(['SKU', v.sku]);
  return out;
}
