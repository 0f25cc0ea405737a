import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  diamondFacetsResponseSchema,
  diamondListResponseSchema,
  diamondLookupRequestSchema,
  diamondLookupResponseSchema,
  diamondResponseSchema,
  errorResponseSchema,
  parseDiamondSearch,
  PRICE_BAND_IDS_MAX,
  priceBandListResponseSchema,
  shapeListResponseSchema,
  similarDiamondsResponseSchema,
  valueChartResponseSchema,
  summarizeSearchErrors,
  validationErrorSchema,
} from '@everstone/contract';
import { BadRequestError } from '../../errors.ts';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import { MAX_DIAMOND_ID, type DiamondService, type SettingWindow } from './service.ts';

const listParam = z.union([z.string(), z.array(z.string())]).optional();

// Documents the query for /api/docs; the parameters are parsed by the contract's parseDiamondSearch,
// which also accepts the bracket and comma list forms that a JSON schema cannot describe.
const searchQueryDoc = z.looseObject({
  price: listParam.describe('Price range in USD: two values, e.g. price=500&price=5000; 10000 means no upper bound'),
  carat: listParam.describe('Carat range, two values; 20 means no upper bound'),
  cut: listParam.describe('Cut range on the 1–6 boundary scale (1–6 spans all five grades)'),
  color: listParam.describe('Color range on the 1–6 boundary scale (D–H); ignored for color diamonds'),
  clarity: listParam.describe('Clarity range on the 1–7 boundary scale'),
  polish: listParam.describe('Polish range on the 1–7 boundary scale'),
  symmetry: listParam.describe('Symmetry range on the 1–7 boundary scale'),
  fluorescence: listParam.describe('Fluorescence range on the 1–6 boundary scale'),
  ratio: listParam.describe('Length-to-width ratio range, 0.9 to 2.75'),
  table: listParam.describe('Table percentage range, 40 to 90'),
  depth: listParam.describe('Depth percentage range, 40 to 90'),
  shapes: listParam.describe('Shape ids (see /api/diamond-shapes)'),
  fancy_colors: listParam.describe('Fancy color ids, for color diamonds'),
  certificate: z.string().optional().describe('Certificate number or its beginning'),
  featured: z.string().optional().describe('1 for featured deals only'),
  checkedDiamonds: listParam.describe('Diamond ids checked for comparison'),
  showOnlyChecked: z.string().optional().describe('1 to list only the checked diamonds'),
  active_tab: z.string().optional().describe('1 natural, 2 lab-grown, 3 color; absent for all'),
  selectedReport: z.string().optional().describe('0 all, 1 GIA, 2 IGI'),
  sort: z.string().optional().describe('price_asc (default), price_desc, carat_…, color_…, clarity_…, cut_…'),
  page: z.string().optional().describe('Page number, from 1'),
  per_page: z.string().optional().describe('Page size, 1 to 100 (default 20)'),
  setting: z
    .string()
    .optional()
    .describe("A setting's slug (the ring builder's step 1 after a setting): only stones its head holds, by shape, width in mm and the Luxe minimum"),
});

/** A diamond id in a path or a list: a positive whole number the table can hold; else a 400 naming it. */
function diamondId(text: string): number {
  if (!/^\d{1,12}$/.test(text) || Number(text) < 1 || Number(text) > MAX_DIAMOND_ID) {
    throw new BadRequestError(`Diamond id must be a positive whole number; got '${text.slice(0, 40)}'.`);
  }
  return Number(text);
}

/** `ids=1,2,3` (or the parameter repeated): distinct ids, at least one and at most PRICE_BAND_IDS_MAX. */
function idList(value: string | string[] | undefined): number[] {
  const parts = (Array.isArray(value) ? value.join(',') : (value ?? '')).split(',').filter((p) => p.trim() !== '');
  if (parts.length === 0) throw new BadRequestError('Send the diamond ids as ids=1,2,3.');
  const ids = [...new Set(parts.map((p) => diamondId(p.trim())))];
  if (ids.length > PRICE_BAND_IDS_MAX) throw new BadRequestError(`Send at most ${PRICE_BAND_IDS_MAX} diamond ids.`);
  return ids;
}

/** JSON the service already wrote (often from its cache), sent as it is. */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').serializer((payload: unknown) => payload as string).send(json as never);


export interface CatalogRouteDeps {
  /** The heads of the setting a slug names (the products service), or null when the catalog has no such setting. */
  settingWindows: (slug: string) => Promise<SettingWindow[] | null>;
  limiter: RateLimiter;
}

export function diamondRoutes(service: DiamondService, deps: CatalogRouteDeps): FastifyPluginAsyncZod {
  /**
   * 503 when the in-memory search cannot answer: while it loads, with when to ask again; when it is off or failed,
   * without (asking again would not help until the store restarts).
   */
  function notReady(reply: FastifyReply, what: string) {
    if (!service.insightLoading()) return reply.status(503).send({ message: `${what} not available on this store at the moment.` });
    return reply.status(503).header('retry-after', '5').send({ message: `${what} not available yet. Try again in a few seconds.` });
  }

  /** The search a query asks for, and the heads of the setting it names; 400 naming what is wrong. */
  async function readSearch(query: unknown) {
    const parsed = parseDiamondSearch(query as Record<string, unknown>);
    if (!parsed.ok) throw new BadRequestError(summarizeSearchErrors(parsed.errors), parsed.errors);
    const slug = parsed.value.setting ?? null;
    const setting = slug === null ? null : await deps.settingWindows(slug);
    if (slug !== null && setting === null) {
      const errors = { setting: [`setting '${slug}' is not a setting in the catalog`] };
      throw new BadRequestError(summarizeSearchErrors(errors), errors);
    }
    return { search: parsed.value, setting };
  }

  return async function (app) {
    app.get(
      '/diamond-shapes',
      { schema: { tags: ['diamonds'], summary: 'Diamond shapes', response: { 200: shapeListResponseSchema } } },
      async () => ({ data: await service.listShapes() }),
    );

    app.get(
      '/get-all-diamonds',
      {
        schema: {
          tags: ['diamonds'],
          summary: 'Search available diamonds',
          querystring: searchQueryDoc,
          response: { 200: diamondListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { search, setting } = await readSearch(request.query);
        // The service hands over finished JSON (often from its cache), so it is sent as it is.
        const json = await service.searchDiamondsJson(search, setting);
        return sendJson(reply, json);
      },
    );

    app.get(
      '/diamond-facets',
      {
        schema: {
          tags: ['diamonds'],
          summary: 'Counts for the search’s filters and the stones along its sliders',
          description:
            'Takes the search’s parameters (page and sort are ignored). Each count is taken with every filter of the search except its own: a shape’s count is what choosing that shape would give, the rest as it is. 503 while the in-memory search is loading (or with SEARCH_ENGINE=database): the counts are then not shown.',
          querystring: searchQueryDoc,
          response: { 200: diamondFacetsResponseSchema, 400: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { search, setting } = await readSearch(request.query);
        const json = await service.facetsJson(search, setting);
        if (json === null) return notReady(reply, 'The counts are');
        return sendJson(reply, json);
      },
    );

    app.get(
      '/diamond-price-bands',
      {
        schema: {
          tags: ['diamonds'],
          summary: 'Where each stone’s price sits among similar stones on sale',
          description:
            'Similar stones share the type, shape, carat band, color (fancy color for color diamonds), clarity and cut grade. Stones not on sale are left out of the answer. 503 while the in-memory search is loading (or with SEARCH_ENGINE=database).',
          querystring: z.looseObject({ ids: listParam.describe(`Diamond ids, comma-separated, at most ${PRICE_BAND_IDS_MAX}`) }),
          response: { 200: priceBandListResponseSchema, 400: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ids = idList((request.query as { ids?: string | string[] }).ids);
        const bands = await service.priceBands(ids);
        if (bands === null) return notReady(reply, 'Price comparisons are');
        return bands;
      },
    );

    app.get(
      '/diamonds/:id/similar',
      {
        schema: {
          tags: ['diamonds'],
          summary: 'A stone’s price band and its similar stones on sale, cheapest first',
          params: z.object({ id: z.string() }),
          response: { 200: similarDiamondsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const similar = await service.similarDiamonds(diamondId(request.params.id));
        if (similar === null) return notReady(reply, 'Price comparisons are');
        return similar;
      },
    );

    app.get(
      '/diamond-value-chart',
      {
        preValidation: deps.limiter.guard(RATE_LIMITS.valueCharts),
        schema: {
          tags: ['diamonds'],
          summary: 'The search’s stones as price against carat, with the best values marked',
          description:
            'Takes the search’s parameters (page and sort are ignored). Up to 800 stones: all of them, or an even sample when there are more, always with the ten stones furthest below the median of their similar stones (see /api/diamond-price-bands) marked `best`. 503 while the in-memory search is loading; 429 past 600 charts in 10 minutes from one address.',
          querystring: searchQueryDoc,
          response: { 200: valueChartResponseSchema, 400: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { search, setting } = await readSearch(request.query);
        const json = await service.valueChartJson(search, setting);
        if (json === null) return notReady(reply, 'The value chart is');
        return sendJson(reply, json);
      },
    );

    app.get(
      '/diamonds/:id',
      {
        schema: {
          tags: ['diamonds'],
          summary: 'One diamond by id, whatever its status',
          params: z.object({ id: z.string() }),
          response: { 200: diamondResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!/^\d{1,12}$/.test(id) || Number(id) < 1) {
          throw new BadRequestError(`Diamond id must be a positive whole number; got '${id.slice(0, 40)}'.`);
        }
        return { data: await service.getDiamond(Number(id)) };
      },
    );

    app.post(
      '/diamonds/lookup',
      {
        schema: {
          tags: ['diamonds'],
          summary: 'Several diamonds by id, whatever their status',
          description:
            'The cart re-checks its stones in one request: every id that exists comes back with its current price and status; the others are listed in `missing`.',
          body: diamondLookupRequestSchema,
          response: { 200: diamondLookupResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request) => service.lookupDiamonds(request.body.ids),
    );
  };
}
