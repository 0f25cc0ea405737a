import { colorLabel, formatCarat, optional, orNA, type Diamond } from '@everstone/contract/core';
import { ProfileStone } from './stone-art';
import { formatMeasurements } from './specs';

/**
 * A summary of the stone's grading report, laid out the way a lab report reads. It is labelled as
 * Everstone's summary: the lab's own document travels with the diamond.
 */
export function CertificateView({ diamond }: { diamond: Diamond }) {
  const lab = orNA(diamond.certificate_company?.dl_name);
  const rows: Array<[string, string]> = [
    ['Laboratory', lab],
    ['Report number', orNA(diamond.certificate_number)],
    ['Shape', orNA(diamond.shape?.name)],
    ['Carat weight', formatCarat(diamond.carat_weight)],
    ['Color grade', colorLabel(diamond)],
    ['Clarity grade', orNA(diamond.clarity?.name)],
    ['Cut grade', orNA(diamond.cut?.full_name)],
    ['Polish', optional(diamond.polish)],
    ['Symmetry', optional(diamond.symmetry)],
    ['Fluorescence', optional(diamond.fluorescence)],
    ['Measurements', formatMeasurements(diamond)],
    ['Table', optional(diamond.table_diamond, '%')],
    ['Depth', optional(diamond.depth, '%')],
  ];
  return (
    <article className="dd-cert" aria-labelledby="dd-cert-title">
      <header className="dd-cert-head">
        <p className="dd-cert-lab" aria-hidden="true">
          {lab}
        </p>
        <h3 id="dd-cert-title">Grading report summary</h3>
        <p className="dd-cert-note">
          Everstone&rsquo;s summary of the {lab} report, not the laboratory&rsquo;s document. The original report
          comes with your diamond.
        </p>
      </header>
      <div className="dd-cert-body">
        <dl className="dd-cert-grid">
          {rows.map(([label, value]) => (
            <div key={label} className="dd-cert-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <figure className="dd-cert-profile">
          <ProfileStone diamond={diamond} />
          <figcaption>Proportions</figcaption>
        </figure>
      </div>
    </article>
  );
}
