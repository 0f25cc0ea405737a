import { Link } from 'react-router';
import { METAL_LABELS, formatCarat, listWords, type MetalId, type RingBuild, type SettingFit } from '@everstone/contract/core';
import { PieceArt } from '../../components/jewelry/piece-art';
import { settingPagePath } from './steps';

/**
 * Step 1 after a setting: the search shows only the stones the setting's head can hold, and says so, with the
 * setting's picture, what it holds (the filters are preset from that) and a way to search every diamond again.
 */
export function FitBanner({ fit, build, onRemove }: { fit: SettingFit; build: RingBuild; onRemove: () => void }) {
  const metal: MetalId = build.metal ?? fit.metal;
  const shapes = listWords(fit.shapes.map((s) => s.shape.toLowerCase()), 'and');
  const widths = fit.shapes.length > 0 ? [Math.min(...fit.shapes.map((s) => s.min_width_mm)), Math.max(...fit.shapes.map((s) => s.max_width_mm))] : null;
  return (
    <section className="rb-fit" aria-labelledby="rb-fit-title">
      <div className="rb-fit__art">
        <PieceArt design={fit.design} metal={metal} title={`${fit.name} in ${METAL_LABELS[metal]}`} />
      </div>
      <div className="rb-fit__text">
        <h2 id="rb-fit-title" className="rb-fit__title">
          Showing diamonds that fit the {fit.name}
        </h2>
        <p>
          Its head holds {shapes} diamonds
          {widths ? ` from ${widths[0]!.toFixed(1)} to ${widths[1]!.toFixed(1)} mm wide` : ''}
          {fit.min_center_carat > 0 ? ` of ${formatCarat(fit.min_center_carat)} carats or more` : ''}, so the shapes and carat weights below start there (
          {formatCarat(fit.carat.min)}–{formatCarat(fit.carat.max)} ct for well-cut stones). Only the diamonds it can hold are listed, however you change
          them.
        </p>
        <p className="rb-fit__actions">
          <Link className="rb-text-link" to={settingPagePath(fit.slug, { ...build, setting: fit.slug, metal })}>
            See the setting
          </Link>
          <button type="button" className="rb-text-button" onClick={onRemove}>
            Show every diamond instead
          </button>
        </p>
      </div>
    </section>
  );
}
