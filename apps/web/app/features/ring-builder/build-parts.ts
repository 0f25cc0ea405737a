import type { Diamond, RingBuild, SettingFit } from '@everstone/contract/core';
import { lazySchema, type ApiClient } from '../../lib/api';

/**
 * The parts of a build a page shows beside its own content (the steps' summaries, step 1's banner): the stone's
 * record and the setting's fit. A part the store cannot find is simply not shown (the step that needs it says so);
 * a failure to reach the store is logged and treated the same, so a summary never stops a page.
 */
export interface BuildParts {
  stone: Diamond | null;
  setting: SettingFit | null;
}

const diamondAnswer = lazySchema((c) => c.diamondResponseSchema);
const fitAnswer = lazySchema((c) => c.settingFitSchema);

export async function loadStone(api: ApiClient, id: number): Promise<Diamond | null> {
  const res = await api.get(`/api/diamonds/${id}`, diamondAnswer);
  if (res.ok) return res.data.data;
  if (res.status !== 404 && res.status !== 400) console.error(`Could not load diamond ${id} for the ring builder (${res.status})`);
  return null;
}

export async function loadSettingFit(api: ApiClient, slug: string): Promise<SettingFit | null> {
  const res = await api.get(`/api/builder/fit?setting=${encodeURIComponent(slug)}`, fitAnswer);
  if (res.ok) return res.data;
  if (res.status !== 404 && res.status !== 400) console.error(`Could not load the fit of setting ${slug} (${res.status})`);
  return null;
}

/** The build's stone and setting, each fetched only when the build names it and `known` does not already hold it. */
export async function loadBuildParts(api: ApiClient, build: RingBuild, known: Partial<BuildParts> = {}): Promise<BuildParts> {
  const [stone, setting] = await Promise.all([
    build.diamond === null ? null : known.stone?.diamondid === build.diamond ? known.stone : loadStone(api, build.diamond),
    build.setting === null ? null : known.setting?.slug === build.setting ? known.setting : loadSettingFit(api, build.setting),
  ]);
  return { stone, setting };
}
