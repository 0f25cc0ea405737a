import { useEffect, useMemo, useState } from 'react';
import { REPORTS, type DiamondTypeId, type ReportId, type Sort } from '@everstone/contract/core';
import { normalizeCertificate } from './search-state';
import { ChoiceMenu } from './choice-menu';
import { REPORT_OPTIONS, SORT_OPTIONS, tabNoun } from './labels';
import type { SearchCounts } from './use-diamond-facets';

interface Props {
  /** The tab whose results are shown (the committed one). */
  tab: DiamondTypeId;
  shown: number;
  total: number | null;
  loading: boolean;
  certificate: string;
  featured: boolean;
  checkedCount: number;
  showOnlyChecked: boolean;
  report: ReportId;
  /** The stones each report would give, for the FILTER BY menu. */
  counts: SearchCounts;
  sort: Sort;
  onCertificate: (certificate: string, immediate: boolean) => void;
  onFeatured: (featured: boolean) => void;
  onShowOnlyChecked: (on: boolean) => void;
  onReport: (report: ReportId) => void;
  onSort: (sort: Sort) => void;
  onCompare: () => void;
  /** Warms the comparison view's code before it is opened. */
  onCompareIntent: () => void;
  /** Whether the value chart is shown above the results. */
  chartOpen: boolean;
  onChart: (open: boolean) => void;
  /** Warms the chart's code before it is opened. */
  onChartIntent: () => void;
}

const count = new Intl.NumberFormat('en-US');

/** The header over the results and the controls that narrow or order them. */
export function ResultsToolbar(props: Props) {
  const { tab, shown, total, loading, checkedCount } = props;
  const { facets, stale } = props.counts;
  const reportOptions = useMemo(
    () =>
      REPORT_OPTIONS.map((option) => ({
        ...option,
        count: !facets ? null : option.value === REPORTS.gia ? facets.reports.gia : option.value === REPORTS.igi ? facets.reports.igi : null,
      })),
    [facets],
  );
  return (
    <div className="ds-toolbar" data-stale={stale ? '' : undefined}>
      <h2 className="ds-count" aria-live="polite" aria-atomic="true">
        Showing {tabNoun(tab)} Diamonds{' '}
        <span className="ds-count__numbers">
          {loading ? '(searching…)' : total === null ? '' : `(${count.format(shown)} of ${count.format(total)})`}
        </span>
      </h2>
      <div className="ds-toolbar__row">
        <CertificateBox value={props.certificate} onChange={props.onCertificate} />
        <label className="ds-check">
          <input type="checkbox" checked={props.featured} onChange={(e) => props.onFeatured(e.target.checked)} />
          Featured Deal
        </label>
        <label className="ds-check">
          <input type="checkbox" checked={props.showOnlyChecked} onChange={(e) => props.onShowOnlyChecked(e.target.checked)} />
          Compare ({checkedCount})
        </label>
        <button
          type="button"
          className="ds-compare-button"
          disabled={checkedCount < 2}
          onClick={props.onCompare}
          onPointerEnter={props.onCompareIntent}
          onFocus={props.onCompareIntent}
        >
          Compare<span className="visually-hidden"> the checked diamonds side by side</span>
        </button>
        <button
          type="button"
          className="ds-chart-button"
          aria-pressed={props.chartOpen}
          onClick={() => props.onChart(!props.chartOpen)}
          onPointerEnter={props.onChartIntent}
          onFocus={props.onChartIntent}
        >
          Value chart
        </button>
        <div className="ds-toolbar__menus">
          <ChoiceMenu caption="FILTER BY" value={props.report} options={reportOptions} onChange={props.onReport} align="start" />
          <ChoiceMenu caption="SORT BY" value={props.sort} options={SORT_OPTIONS} onChange={props.onSort} />
        </div>
      </div>
    </div>
  );
}

/**
 * Certificate-number search. What is typed is trimmed (§5) and searched after the debounce; Enter searches at
 * once; emptying the box clears the search.
 */
function CertificateBox({ value, onChange }: { value: string; onChange: (certificate: string, immediate: boolean) => void }) {
  const [text, setText] = useState(value);
  // Back, Forward or RESET elsewhere: follow the state unless the box already says the same thing.
  useEffect(() => {
    setText((current) => (normalizeCertificate(current) === value ? current : value));
  }, [value]);
  return (
    <form
      className="ds-certificate"
      role="search"
      aria-label="Certificate number"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(normalizeCertificate(text), true);
      }}
    >
      <label htmlFor="ds-certificate" className="visually-hidden">
        Certificate number
      </label>
      <input
        id="ds-certificate"
        className="ds-certificate__input"
        type="search"
        value={text}
        placeholder="Search certificate #"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={64}
        onChange={(e) => {
          setText(e.target.value);
          onChange(normalizeCertificate(e.target.value), false);
        }}
      />
    </form>
  );
}
