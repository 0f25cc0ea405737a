import { data } from 'react-router';
import { readBuild, type RingBuild } from '@everstone/contract/core';
import type { Route } from './+types/settings';
import { loadBuildParts } from '../../features/ring-builder/build-parts';
import { readSettingsFilters, settingsApiPath, type SettingsFilters } from '../../features/ring-builder/rules';
import { SettingsStep, type SettingsStepData } from '../../features/ring-builder/settings-step';
import { lazySchema, serverApi, type ApiClient } from '../../lib/api';
import { pageMeta } from '../../lib/seo';
import jewelryHref from '../../styles/jewelry.css?url';
import builderHref from '../../styles/ring-builder.css?url';


const settingsAnswer = lazySchema((c) => c.builderSettingsResponseSchema);
const listAnswer = lazySchema((c) => c.productListResponseSchema);

/** Every setting, when there is no stone to match (the engagement rings' listing, in step 2's filters). */
async function browse(api: ApiClient, build: RingBuild, filters: SettingsFilters, stoneGone: boolean): Promise<SettingsStepData> {
  const params = new URLSearchParams({ department: 'engagement-rings' });
  if (filters.style) params.set('style', filters.style);
  if (build.metal) params.set('metal', build.metal);
  if (filters.sort !== 'best') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const [res, parts] = await Promise.all([api.get(`/api/products?${params.toString()}`, listAnswer), loadBuildParts(api, { ...build, diamond: null })]);
  if (!res.ok) throw data('The settings could not be loaded', { status: 502 });
  return { mode: 'browse', build: stoneGone ? { ...build, diamond: null } : build, filters, list: res.data, parts, stoneGone };
}

/**
 * Step 2 for the address's build: with a stone, the settings that can hold it (GET /api/builder/settings); without
 * one, or when its stone is no longer in the inventory, every setting. Rendered on the server, so a shared link or a
 * reload shows the same settings.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<SettingsStepData> {
  const api = serverApi(context);
  const params = new URL(request.url).searchParams;
  const { build } = readBuild(params);
  const filters = readSettingsFilters(params);
  if (build.diamond === null) return browse(api, build, filters, false);

  const res = await api.get(settingsApiPath(build.diamond, build.metal, filters), settingsAnswer);
  if (!res.ok) {
    if (res.status === 404) return browse(api, build, filters, true);
    throw data('The settings could not be loaded', { status: 502 });
  }
  const parts = await loadBuildParts(api, build, { stone: res.data.diamond });
  return { mode: 'stone', build, filters, result: res.data, parts };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Choose a Setting: Create Your Diamond Ring',
    description:
      'Step 2 of the ring builder: engagement ring settings that hold your diamond, each drawn with it and priced with it, in solitaire, halo, vintage, pavé and more.',
    // A build is one shopper's: its pages point to the plain step (canonical) and are not indexed.
    noindex: args.loaderData?.build.diamond != null,
  });

export default function RingBuilderSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* With a precedence, so they are sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={jewelryHref} precedence="default" />
      <link rel="stylesheet" href={builderHref} precedence="default" />
      <SettingsStep data={loaderData} />
    </>
  );
}
