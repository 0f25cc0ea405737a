import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { METAL_LABELS, formatCarat } from '@everstone/contract/core';
import type { Route } from './+types/picture';
import { PieceArt } from '../../components/jewelry/piece-art';
import { loadStone } from '../../features/ring-builder/build-parts';
import { designWithDiamond } from '../../features/ring-builder/rules';
import { lazySchema, serverApi } from '../../lib/api';
import { svgFile } from '../../lib/svg-file';

const pictureAnswer = lazySchema((c) => c.variantPictureSchema);

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * `/art/rings/{variant}-{diamond}.svg`: a setting's variant drawn holding one diamond at its certificate's size, as a
 * file (step 2 shows a page of settings with the shopper's stone in each, and its HTML stays small). A stone's
 * measurements never change and a design changes only with an import, so the picture is cached like the catalog's.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([1-9]\d{0,11})-([1-9]\d{0,11})\.svg$/.exec(params.file);
  if (!match) return text(404, 'Not found');
  const api = serverApi(context);
  const [variant, stone] = await Promise.all([api.get(`/api/products/variants/${match[1]}`, pictureAnswer), loadStone(api, Number(match[2]))]);
  if (!variant.ok) return variant.status === 404 || variant.status === 400 ? text(404, 'Not found') : text(502, 'Unavailable');
  if (!stone) return text(404, 'Not found');
  const { design, metal, name } = variant.data;
  const title = `${name} in ${METAL_LABELS[metal]} with a ${formatCarat(stone.carat_weight)} ct ${stone.shape.name.toLowerCase()} diamond`;
  const svg = renderToStaticMarkup(createElement(PieceArt, { design: designWithDiamond(design, stone), metal, title }));
  return svgFile(svg);
}
