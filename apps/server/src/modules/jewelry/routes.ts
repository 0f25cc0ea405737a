import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEPARTMENTS,
  PRODUCT_SORTS,
  errorResponseSchema,
  productDetailSchema,
  productListResponseSchema,
  productSlugParamSchema,
  productSlugsResponseSchema,
  readProductQuery,
  validationErrorSchema,
  variantLookupRequestSchema,
  variantLookupResponseSchema,
  variantPictureSchema,
} from '@everstone/contract';
import { BadRequestError } from '../../errors.ts';
import type { JewelryService } from './service.ts';

const list = z.string().optional();

// Documents the query for /api/docs; the contract's readProductQuery parses it (comma lists and repeated keys alike).
const listingQueryDoc = z.looseObject({
  department: z.string().describe(`The listing: ${DEPARTMENTS.map((d) => d.id).join(', ')}`),
  style: list.describe('Styles, comma-separated (solitaire, halo, … plain, eternity, studs …)'),
  metal: list.describe('Metals: 14k-white, 14k-yellow, 14k-rose, 18k-white, 18k-yellow, 18k-rose, platinum'),
  shape: list.describe('Center shapes: Round, Oval, …'),
  origin: list.describe('lab, natural'),
  collection: list.describe('the-bond, the-reserve, elements, the-bouquet, the-ceramic-series'),
  gem: list.describe('diamond, sapphire, ruby, emerald, …'),
  price_min: z.string().optional().describe('Lowest price in USD'),
  price_max: z.string().optional().describe('Highest price in USD'),
  carat_min: z.string().optional().describe('Lowest total carat weight'),
  carat_max: z.string().optional().describe('Highest total carat weight'),
  ready: z.string().optional().describe('1 for pieces ready to ship from stock'),
  sort: z.string().optional().describe(PRODUCT_SORTS.map((s) => s.id).join(', ')),
  page: z.string().optional().describe('Page number from 1 (24 a page)'),
});

export function jewelryRoutes(service: JewelryService): FastifyPluginAsyncZod {
  return async function (app) {
    app.get(
      '/products',
      {
        schema: {
          tags: ['jewelry'],
          summary: 'A jewelry listing: filtered, counted, sorted, one page',
          description: 'Each filter value comes with how many pieces it would give with the other filters as they are.',
          querystring: listingQueryDoc,
          response: { 200: productListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const { query, problems } = readProductQuery(request.query as Record<string, unknown>);
        const keys = Object.keys(problems);
        if (keys.length > 0) {
          throw new BadRequestError(Object.values(problems).join(' '), Object.fromEntries(keys.map((k) => [k, [problems[k]!]])));
        }
        return service.list(query);
      },
    );

    app.post(
      '/products/variants/lookup',
      {
        schema: {
          tags: ['jewelry'],
          summary: 'Several variants by id: price, stock and whether they can be ordered',
          description: 'The cart re-checks its pieces in one request; ids the catalog does not have are listed in `missing`.',
          body: variantLookupRequestSchema,
          response: { 200: variantLookupResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request) => service.lookupVariants(request.body.ids),
    );

    app.get(
      '/products/variants/:id',
      {
        schema: {
          tags: ['jewelry'],
          summary: 'What one variant’s picture is drawn from: its metal and design',
          params: z.object({ id: z.string() }),
          response: { 200: variantPictureSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!/^\d{1,12}$/.test(id) || Number(id) < 1) throw new BadRequestError(`A variant id is a positive whole number; got '${id.slice(0, 40)}'.`);
        return service.picture(Number(id));
      },
    );

    app.get(
      '/sitemap/products',
      {
        schema: {
          tags: ['jewelry'],
          summary: 'Every published piece’s slug, for the sitemap',
          response: { 200: productSlugsResponseSchema },
        },
      },
      async () => ({ data: (await service.slugs()).map(({ slug }) => ({ slug })) }),
    );

    app.get(
      '/products/:slug',
      {
        schema: {
          tags: ['jewelry'],
          summary: 'One piece with every variant, its itemized prices, stock and related pieces',
          params: productSlugParamSchema,
          response: { 200: productDetailSchema, 404: errorResponseSchema },
        },
      },
      async (request) => service.detail(request.params.slug),
    );
  };
}
