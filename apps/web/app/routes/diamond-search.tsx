import { lazy, Suspense, useState } from 'react';
import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { buildToParams, type Diamond, type DiamondListResponse, type DiamondTypeId, type SettingFit } from '@everstone/contract/core';
// Used by the loader only, so the client build leaves the schemas (and Zod) out of the page's first load.
import { diamondListResponseSchema, shapeListResponseSchema } from '@everstone/contract';
import type { Route } from './+types/diamond-search';
import { FiltersPanel } from '../features/diamond-search/filters-panel';
import { ResultsTable } from '../features/diamond-search/results-table';
import { ResultsToolbar } from '../features/diamond-search/results-toolbar';
import type { ShapesResult } from '../features/diamond-search/shape-picker';
import {
  buildOfSearch,
  hasShapeOrCarat,
  presetForSetting,
  readSearch,
  resetFilters,
  searchToQuery,
  toggleChecked,
  withTab,
  withoutSetting,
} from '../features/diamond-search/search-state';
import { TypeTabs } from '../features/diamond-search/type-tabs';
import { fetchDiamondFacets, useDiamondFacets } from '../features/diamond-search/use-diamond-facets';
import { useDiamondResults } from '../features/diamond-search/use-diamond-results';
import { fetchPriceBands, usePriceBands } from '../features/diamond-search/use-price-bands';
import { useSearchDraft } from '../features/diamond-search/use-search-draft';
import { loadSettingFit, loadStone } from '../features/ring-builder/build-parts';
import { BuilderNav } from '../features/ring-builder/builder-nav';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/seo';
import searchHref from '../styles/diamond-search.css?url';
import builderHref from '../styles/ring-builder.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Lab-Grown, Natural & Color Diamonds',
    description:
      'Search certified lab-grown, natural and color diamonds by shape, price, carat, cut, color and clarity. Compare stones side by side and choose the one for your ring.',
  });

/**
 * The shapes, the first page of results and the filters' counts for the URL's search, so the server's HTML already
 * lists the stones and shows the counts (nothing shifts when the page wakes up). Without counts (the store answers
 * 503 while its search loads) the page shows none; they never make it fail. A parameter the API would refuse is
 * ignored (see `readSearch`), never a reason for a 500.
 *
 * As the ring builder's step 1 after a setting (`setting=` in the address), the setting's fit is loaded too: a
 * setting the store does not know is dropped from the address, and an address that names neither shapes nor a carat
 * range is sent on with both preset from what the setting holds (the server lists only stones that fit in any case).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const { search } = readSearch(new URL(request.url).searchParams);

  const loadShapes = async (): Promise<ShapesResult> => {
    const res = await api.get('/api/diamond-shapes', shapeListResponseSchema);
    if (res.ok) return { ok: true, data: res.data.data };
    console.error(`Failed to fetch diamond shapes (${res.status})`);
    return { ok: false };
  };
  const [shapes, fit, stone] = await Promise.all([
    loadShapes(),
    search.setting ? loadSettingFit(api, search.setting) : Promise.resolve<SettingFit | null>(null),
    search.carry.diamond ? loadStone(api, search.carry.diamond) : Promise.resolve<Diamond | null>(null),
  ]);
  if (search.setting && !fit) throw redirect(`/diamond${queryOf(searchToQuery(withoutSetting(search), 'page'))}`);
  if (fit && shapes.ok && !hasShapeOrCarat(search)) throw redirect(`/diamond${queryOf(searchToQuery(presetForSetting(search, fit, shapes.data), 'page'))}`);

  const apiKey = searchToQuery(search, 'api');
  // Without a first page the browser asks again, and offers a retry if that fails too.
  const loadFirstPage = async (): Promise<DiamondListResponse | null> => {
    const res = await api.get(`/api/get-all-diamonds?${apiKey}&page=1`, diamondListResponseSchema);
    if (res.ok) return res.data;
    console.error(`Could not load diamonds (${res.status})`);
    return null;
  };
  const [firstPage, facets] = await Promise.all([loadFirstPage(), fetchDiamondFacets(api, apiKey)]);
  // The first rows' price bands too, so the server's rows already carry them and none grows after the page shows.
  const bands = firstPage ? await fetchPriceBands(api, firstPage.data.map((d) => d.diamondid)) : [];
  return { shapes, firstPage, facets, bands, apiKey, fit, stone };
}

const queryOf = (query: string) => (query ? `?${query}` : '');

/**
 * A change of the query alone (a filter, Back between two searches) is answered by the page's own requests;
 * the loader runs when the page is entered.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

const loadCompareView = () => import('../features/diamond-search/compare-view');
const CompareView = lazy(loadCompareView);
// The value chart is drawn only when asked for: neither its code nor its data is in the page's first load.
const loadValueChart = () => import('../features/diamond-search/value-chart');
const ValueChart = lazy(loadValueChart);
// Only a build that names a setting shows its banner, and with it the jewelry drawing: neither is in the search's
// first load.
const FitBanner = lazy(() => import('../features/ring-builder/fit-banner').then((m) => ({ default: m.FitBanner })));

export default function DiamondSearch({ loaderData }: Route.ComponentProps) {
  const { draft, update, flush, apiKey, pending } = useSearchDraft();
  const results = useDiamondResults(apiKey, { key: loaderData.apiKey, page: loaderData.firstPage });
  const facets = useDiamondFacets(apiKey, draft.activeTab, { key: loaderData.apiKey, ...loaderData.facets });
  // While a change waits for its debounce, the counts shown answer the search before it.
  const counts = { ...facets, stale: facets.stale || pending };

  const [compareOpen, setCompareOpen] = useState(false);
  const [chartOpen, setChartOpen] = useState(false);
  const bands = usePriceBands(results.rows, loaderData.bands);
  const uncheck = (ids: number[]) =>
    update((f) => ({ ...f, checkedDiamonds: f.checkedDiamonds.filter((id) => !ids.includes(id)) }), true);
  // The ring build the page carries: its steps, and the detail pages its stones open, go on with it.
  const build = buildOfSearch(draft);
  const detailQuery = buildToParams({ ...build, diamond: null }).toString();
  const fit = loaderData.fit && loaderData.fit.slug === draft.setting ? loaderData.fit : null;

  return (
    <div className="ds-page">
      {/* With a precedence, so it is sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={searchHref} precedence="default" />
      <link rel="stylesheet" href={builderHref} precedence="default" />
      <header className="ds-hero">
        <h1 className="ds-title">Create Your Diamond Ring</h1>
        <BuilderNav current={1} build={build} parts={{ stone: loaderData.stone, setting: fit }} />
      </header>
      {fit && (
        <Suspense fallback={<div className="rb-fit rb-fit--loading" aria-hidden="true" />}>
          <FitBanner fit={fit} build={build} onRemove={() => update(withoutSetting, true)} />
        </Suspense>
      )}

      <TypeTabs value={draft.activeTab} onChange={(tab: DiamondTypeId) => update((f) => withTab(f, tab))} panelId="ds-panel" />

      <div id="ds-panel" role="tabpanel" aria-labelledby={`ds-tab-${draft.activeTab}`} className="ds-panel">
        <FiltersPanel
          filters={draft}
          shapes={loaderData.shapes}
          counts={counts}
          onChange={(next) => update(() => next)}
          onReset={() => update(resetFilters)}
        />

        <section className="ds-results-section" aria-label="Results">
          <ResultsToolbar
            tab={draft.activeTab}
            shown={results.rows.length}
            total={results.total}
            loading={pending || results.loadingFirst}
            certificate={draft.certificate}
            featured={draft.featured}
            checkedCount={draft.checkedDiamonds.length}
            showOnlyChecked={draft.showOnlyChecked}
            report={draft.report}
            counts={counts}
            sort={draft.sort}
            onCertificate={(certificate, immediate) => update((f) => ({ ...f, certificate }), immediate)}
            onFeatured={(featured) => update((f) => ({ ...f, featured }))}
            onShowOnlyChecked={(showOnlyChecked) => update((f) => ({ ...f, showOnlyChecked }))}
            onReport={(report) => update((f) => ({ ...f, report }))}
            onSort={(sort) => update((f) => ({ ...f, sort }))}
            onCompare={() => setCompareOpen(true)}
            onCompareIntent={() => void loadCompareView()}
            chartOpen={chartOpen}
            onChart={setChartOpen}
            onChartIntent={() => void loadValueChart()}
          />
          {chartOpen && (
            <Suspense fallback={<div className="ds-chart-loading" role="status">Drawing the chart…</div>}>
              <ValueChart apiKey={apiKey} detailQuery={detailQuery} onOpenDiamond={flush} />
            </Suspense>
          )}
          <ResultsTable
            results={results}
            pending={pending}
            checked={draft.checkedDiamonds}
            // §4: while only checked stones are listed, a check changes the list at once.
            onToggleChecked={(id) => update((f) => toggleChecked(f, id), true)}
            onOpenDiamond={flush}
            detailQuery={detailQuery}
            bands={bands}
          />
        </section>
      </div>

      {compareOpen && (
        <Suspense fallback={null}>
          <CompareView
            ids={draft.checkedDiamonds}
            known={results.rows}
            onClose={() => setCompareOpen(false)}
            onRemove={(id) => uncheck([id])}
            onMissing={uncheck}
            onOpenDiamond={flush}
            detailQuery={detailQuery}
          />
        </Suspense>
      )}
    </div>
  );
}
