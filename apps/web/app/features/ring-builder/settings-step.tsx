import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  METALS,
  SETTING_STYLES,
  builderPath,
  formatCarat,
  type BuilderSettingsResponse,
  type FacetValue,
  type MetalId,
  type ProductListResponse,
  type RingBuild,
} from '@everstone/contract/core';
import { Pager } from '../../components/ui/pager';
import { BuilderNav } from './builder-nav';
import type { BuildParts } from './build-parts';
import { SETTINGS_SORTS, settingsPagePath, type SettingsFilters, type SettingsSort } from './rules';
import { SettingCard } from './setting-card';

/** Step 2 as its loader found it: the settings for the build's stone, or (no stone yet, or it is gone) every setting. */
export type SettingsStepData =
  | { mode: 'stone'; build: RingBuild; filters: SettingsFilters; result: BuilderSettingsResponse; parts: BuildParts }
  | { mode: 'browse'; build: RingBuild; filters: SettingsFilters; list: ProductListResponse; parts: BuildParts; stoneGone: boolean };

function FilterLinks<T extends string>({
  title,
  values,
  current,
  href,
  metal = false,
}: {
  title: string;
  values: { value: T | null; label: string; count?: number }[];
  current: T | null;
  href: (value: T | null) => string;
  metal?: boolean;
}) {
  return (
    <fieldset className="jw-filter">
      <legend className="jw-filter-title">{title}</legend>
      <ul className="jw-filter-list">
        {values.map((v) => {
          const chosen = v.value === current;
          return (
            <li key={v.value ?? 'any'}>
              <Link
                className={`jw-filter-option${chosen ? ' is-chosen' : ''}${metal && v.value ? ` jw-filter-option--metal jw-metal--${v.value}` : ''}`}
                to={href(v.value)}
                preventScrollReset
                aria-current={chosen ? 'true' : undefined}
              >
                <span className="jw-check" aria-hidden="true" />
                <span className="jw-filter-label">{v.label}</span>
                {v.count !== undefined && (
                  <>
                    {' '}
                    <span className="jw-filter-count">
                      {v.count}
                      <span className="visually-hidden"> {v.count === 1 ? 'setting' : 'settings'}</span>
                    </span>
                  </>
                )}
                {chosen && <span className="visually-hidden">, chosen</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * Step 2, Choose a Setting. With a stone: the settings whose head can hold it (the server's measure, not a guess),
 * each drawn holding it with the ring's total, filtered by style (with counts) and metal, sorted and paged, all in the
 * address. Without one: every setting, and the two ways on (a diamond first, or a setting first).
 */
export function SettingsStep({ data }: { data: SettingsStepData }) {
  const navigate = useNavigate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { build, filters } = data;
  const parts = { stone: data.parts.stone, setting: data.parts.setting };
  const to = (change: Partial<SettingsFilters>, metal: MetalId | null = build.metal) => settingsPagePath({ ...build, metal }, { ...filters, page: 1, ...change });

  const total = data.mode === 'stone' ? data.result.total : data.list.total;
  const perPage = data.mode === 'stone' ? data.result.per_page : data.list.per_page;
  const styles: { value: (typeof SETTING_STYLES)[number]['id'] | null; label: string; count?: number }[] =
    data.mode === 'stone'
      ? data.result.styles.filter((s) => SETTING_STYLES.some((x) => x.id === s.value)).map((s) => ({ value: s.value as (typeof SETTING_STYLES)[number]['id'], label: s.label, count: s.count }))
      : data.list.facets.style
          .filter((s: FacetValue) => SETTING_STYLES.some((x) => x.id === s.value))
          .map((s) => ({ value: s.value as (typeof SETTING_STYLES)[number]['id'], label: s.label, count: s.count }));
  const metalCounts = data.mode === 'browse' ? new Map(data.list.facets.metal.map((m) => [m.value, m.count])) : null;
  const first = (filters.page - 1) * perPage + 1;
  const last = Math.min(total, filters.page * perPage);
  const filtered = filters.style !== null || build.metal !== null;

  return (
    <div className="rb-page rb-settings">
      <BuilderNav current={2} build={build} parts={parts} />
      <header className="rb-head">
        <h1 className="rb-title">Choose a Setting</h1>
        {data.mode === 'stone' ? (
          <p className="rb-lead">
            {data.result.none_reason
              ? `No setting can hold your ${formatCarat(data.result.diamond.carat_weight)} ct ${data.result.diamond.shape.name.toLowerCase()} diamond as it is.`
              : `Settings that can hold your ${formatCarat(data.result.diamond.carat_weight)} ct ${data.result.diamond.shape.name.toLowerCase()} diamond${
                  data.result.diamond.measurement_l && data.result.diamond.measurement_w
                    ? ` (${data.result.diamond.measurement_l.toFixed(2)} × ${data.result.diamond.measurement_w.toFixed(2)} mm)`
                    : ''
                }, each drawn holding it and priced with it.`}
          </p>
        ) : (
          <div className="rb-notice" role="note">
            {data.stoneGone ? (
              <p>
                <strong>The diamond in this build is no longer in our inventory.</strong> Choose another diamond, or start with a setting below.
              </p>
            ) : (
              <p>
                <strong>Choose a diamond first</strong> to see only the settings that can hold it, priced with it — or <strong>start with a setting</strong>:
                choose one below and we will show only the diamonds it can hold.
              </p>
            )}
            <p className="rb-notice__actions">
              <Link className="jw-button" to={builderPath(1, { ...build, diamond: null })}>
                Choose a diamond
              </Link>
              <Link className="rb-text-link" to="/engagement-rings">
                Browse every engagement ring setting
              </Link>
            </p>
          </div>
        )}
      </header>

      {data.mode === 'stone' && data.result.none_reason ? (
        <div className="rb-empty" role="status">
          <p>{data.result.none_reason}</p>
          <p className="rb-notice__actions">
            <Link className="jw-button" to="/contact">
              Ask a gemologist
            </Link>
            <Link className="rb-text-link" to={builderPath(1, { ...build, diamond: null })}>
              Choose another diamond
            </Link>
          </p>
        </div>
      ) : (
        <div className="jw-listing">
          <div className="jw-toolbar">
            <p className="jw-count" role="status">
              {total === 0
                ? 'No settings match these filters.'
                : `${total} ${total === 1 ? 'setting' : 'settings'}${total > perPage ? `, showing ${first}–${last}` : ''}`}
            </p>
            <button type="button" className="jw-filters-toggle" aria-expanded={filtersOpen} aria-controls="rb-filters" onClick={() => setFiltersOpen((o) => !o)}>
              Filters{filtered ? ` (${Number(filters.style !== null) + Number(build.metal !== null)})` : ''}
            </button>
            <label className="jw-sort">
              <span>Sort by</span>
              <select value={filters.sort} onChange={(e) => navigate(to({ sort: e.target.value as SettingsSort }), { preventScrollReset: true })}>
                {SETTINGS_SORTS.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="jw-layout">
            <aside id="rb-filters" className={`jw-filters${filtersOpen ? ' is-open' : ''}`} aria-label="Filters">
              <FilterLinks title="Style" values={[{ value: null, label: 'All styles' }, ...styles]} current={filters.style} href={(style) => to({ style })} />
              <FilterLinks
                title="Metal"
                metal
                values={[
                  { value: null, label: 'Any metal' },
                  ...METALS.filter((m) => metalCounts === null || (metalCounts.get(m.id) ?? 0) > 0 || build.metal === m.id).map((m) => ({
                    value: m.id,
                    label: m.label,
                    ...(metalCounts ? { count: metalCounts.get(m.id) ?? 0 } : {}),
                  })),
                ]}
                current={build.metal}
                href={(metal) => to({}, metal)}
              />
            </aside>
            <div className="jw-results">
              {total === 0 ? (
                <div className="jw-empty">
                  <p>No settings {data.mode === 'stone' ? 'that hold your diamond ' : ''}match these filters.</p>
                  <Link className="jw-button" to={to({ style: null }, null)}>
                    Show every {data.mode === 'stone' ? 'setting that fits' : 'setting'}
                  </Link>
                </div>
              ) : (
                <ul className="jw-grid">
                  {data.mode === 'stone'
                    ? data.result.data.map((s, i) => (
                        <li key={s.id}>
                          <SettingCard setting={s} build={build} ringCents={s.ring_cents} eager={i < 2} />
                        </li>
                      ))
                    : data.list.data.map((s, i) => (
                        <li key={s.id}>
                          <SettingCard setting={s} build={{ ...build, diamond: null }} ringCents={null} eager={i < 2} />
                        </li>
                      ))}
                </ul>
              )}
              <Pager page={filters.page} total={total} perPage={perPage} href={(page) => settingsPagePath(build, { ...filters, page })} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
