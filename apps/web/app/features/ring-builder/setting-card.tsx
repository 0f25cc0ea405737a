import { Link } from 'react-router';
import { METAL_LABELS, builderPath, formatTagPrice, metalOf, type ProductSummary, type RingBuild } from '@everstone/contract/core';
import { settingPagePath } from './steps';

/**
 * A setting on step 2, in the catalog's card (product-card.tsx's markup and styles): drawn holding the shopper's own
 * stone when there is one (its picture file, /art/rings/{variant}-{diamond}.svg), the setting's price and the ring's
 * total with that stone, its metals, and "Choose this setting", which goes on with the build in the card's metal.
 */
export function SettingCard({ setting, build, ringCents, eager = false }: { setting: ProductSummary; build: RingBuild; ringCents: number | null; eager?: boolean }) {
  const chosen: RingBuild = { ...build, setting: setting.slug, metal: setting.metal, accents: setting.origin };
  const withStone = build.diamond !== null && ringCents !== null;
  const picture = withStone ? `/art/rings/${setting.variant_id}-${build.diamond}.svg` : `/art/pieces/${setting.variant_id}.svg`;
  const name = `${setting.name} in ${METAL_LABELS[setting.metal]}`;
  return (
    <article className="jw-card rb-card">
      <Link className="jw-card-link" to={settingPagePath(setting.slug, chosen)}>
        <div className="jw-card-art">
          <img
            src={picture}
            alt={withStone ? `${name}, holding your diamond` : name}
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={eager ? 'high' : 'auto'}
          />
          {setting.offer_percent > 0 && <span className="jw-badge jw-badge--offer">{setting.offer_percent}% off</span>}
        </div>
        <h2 className="jw-card-name">{setting.name}</h2>
      </Link>
      <p className="jw-card-price">
        {setting.list_cents !== null && (
          <s className="jw-was">
            <span className="visually-hidden">Was </span>
            {formatTagPrice(setting.list_cents)}
          </s>
        )}{' '}
        <span className="jw-now">
          {setting.list_cents !== null && <span className="visually-hidden">Now </span>}
          {formatTagPrice(setting.price_cents)}
        </span>
        <span className="jw-card-note"> setting in {metalOf(setting.metal).short}</span>
      </p>
      {withStone && (
        <p className="rb-card-total">
          Ring total <strong>{formatTagPrice(ringCents)}</strong> with your diamond
        </p>
      )}
      {setting.metals.length > 1 && (
        <ul className="jw-swatches" aria-label={`Comes in ${setting.metals.map((m) => METAL_LABELS[m]).join(', ')}`}>
          {setting.metals.map((m) => (
            <li key={m} className={`jw-swatch jw-swatch--${metalOf(m).hue}`} title={METAL_LABELS[m]} aria-hidden="true" />
          ))}
        </ul>
      )}
      <Link className="rb-card-choose" to={builderPath(withStone ? 3 : 1, chosen)} aria-label={`Choose this setting: ${name}`}>
        Choose this setting
      </Link>
    </article>
  );
}
