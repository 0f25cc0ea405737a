import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { METAL_LABELS } from '@everstone/contract/core';
import type { Route } from './+types/picture';
import { PieceArt } from '../../components/jewelry/piece-art';
import { lazySchema, serverApi } from '../../lib/api';
import { svgFile } from '../../lib/svg-file';

const pictureAnswer = lazySchema((c) => c.variantPictureSchema);

/**
 * `/art/pieces/{variant}.svg`: a piece's picture as a file, drawn on the server from its design by the same
 * component pages inline. Listings and related pieces show it as an image, so their HTML stays small, the browser
 * loads the pictures as it scrolls and keeps them in its cache.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^([1-9]\d{0,11})\.svg$/.exec(params.file)?.[1];
  if (!id) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const res = await serverApi(context).get(`/api/products/variants/${id}`, pictureAnswer);
  if (!res.ok) {
    const status = res.status === 404 || res.status === 400 ? 404 : 502;
    return new Response(status === 404 ? 'Not found' : 'Unavailable', { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  const { design, metal, name } = res.data;
  const svg = renderToStaticMarkup(createElement(PieceArt, { design, metal, title: `${name} in ${METAL_LABELS[metal]}` }));
  return svgFile(svg);
}
