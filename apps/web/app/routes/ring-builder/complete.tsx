import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { buildIsComplete, diamondTitle, readBuild } from '@everstone/contract/core';
import type { Route } from './+types/complete';
import { loadBuildParts } from '../../features/ring-builder/build-parts';
import { CompleteStep, type CompleteStepData } from '../../features/ring-builder/complete-step';
import { ringApiPath } from '../../features/ring-builder/rules';
import { failureText, lazySchema, serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/seo';
import jewelryHref from '../../styles/jewelry.css?url';
import builderHref from '../../styles/ring-builder.css?url';


const ringAnswer = lazySchema((c) => c.builderRingResponseSchema);

/**
 * Step 3 for the address's build: the ring as the server prices and checks it (GET /api/builder/ring), rendered on
 * the server so a shared link shows the same ring at the same price. A build without a stone or a setting, or with
 * one the store no longer has, is answered with what is missing and the way to it.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<CompleteStepData> {
  const api = serverApi(context);
  const { build } = readBuild(new URL(request.url).searchParams);
  if (!buildIsComplete(build)) return { kind: 'incomplete', build, parts: await loadBuildParts(api, build) };
  const res = await api.get(ringApiPath(build), ringAnswer);
  if (res.ok) return { kind: 'ring', build, ring: res.data, parts: { stone: res.data.diamond, setting: null } };
  if (res.status === 404 || res.status === 400 || res.status === 422) {
    return { kind: 'missing', build, parts: await loadBuildParts(api, build), message: failureText(res) };
  }
  throw data('The ring could not be loaded', { status: 502 });
}

/**
 * The ring is the server's to price: a new stone, setting, metal or side stones asks it again. A size, an
 * engraving (priced here by the contract's own rule) or a date changes only the page.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const a = readBuild(currentUrl.searchParams).build;
  const b = readBuild(nextUrl.searchParams).build;
  if (a.diamond !== b.diamond || a.setting !== b.setting || a.metal !== b.metal || a.accents !== b.accents) return defaultShouldRevalidate;
  return false;
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  const ring = loaded?.kind === 'ring' ? loaded.ring : null;
  return pageMeta(args, {
    title: ring ? `${ring.setting.name} with a ${diamondTitle(ring.diamond)}: Complete Your Ring` : 'Complete Your Ring',
    description: ring
      ? `Your ring: the ${ring.setting.name} holding a ${diamondTitle(ring.diamond)}, itemized, seen to scale on a hand, made in your size and shipped free and insured.`
      : 'The last step of the ring builder: your diamond in your setting, in your metal and size, priced item by item.',
    // A build is one shopper's: the page points to the plain step (canonical) and is not indexed.
    noindex: true,
  });
};

export default function RingBuilderComplete({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* With a precedence, so they are sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={jewelryHref} precedence="default" />
      <link rel="stylesheet" href={builderHref} precedence="default" />
      <CompleteStep data={loaderData} />
    </>
  );
}
