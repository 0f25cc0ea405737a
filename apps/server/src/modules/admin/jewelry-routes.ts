import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMetalPricesRequestSchema,
  adminMetalPricesResponseSchema,
  adminMetalPricesSavedSchema,
  adminProductEditRequestSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  adminProductSavedSchema,
  adminVariantEditRequestSchema,
  adminVariantPriceRequestSchema,
  adminVariantPriceResponseSchema,
  errorResponseSchema,
  reauthErrorSchema,
  validationErrorSchema,
  type AdminProduct,
  type AuditAction,
} from '@everstone/contract';
import type { AuditLog } from '../audit/index.ts';
import type { JewelryDesk, RecordJewelryChange } from '../jewelry/index.ts';
import { actorOf } from './actor.ts';
import type { AdminRouteConfig } from './routes.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface CatalogRouteDeps {
  jewelryDesk: JewelryDesk;
  audit: AuditLog;
}

const staffOnly = { 401: errorResponseSchema, 403: errorResponseSchema };
const ONE = z.object({ id: z.coerce.number({ error: 'The id must be a whole number.' }).int().positive('The id must be a positive whole number.').max(2_147_483_647) });

/**
 * The back office's catalog: products listed and edited, a variant's lead time, stock and design (with the price a
 * design makes, live, before it is saved), and the metal prices every piece is priced from (owners, with the
 * password entered lately: a change re-prices the catalog). Registered inside the admin scope: its hook has
 * checked the session and the role.
 */
export function registerJewelryRoutes(scope: App, deps: CatalogRouteDeps): void {
  const { jewelryDesk: desk, audit } = deps;

  const recordAs =
    (request: FastifyRequest, action: AuditAction): RecordJewelryChange =>
    (trx, subject, change) =>
      audit.record(trx, actorOf(request), { action, subject, before: change.before, after: change.after });

  async function productView(id: number): Promise<AdminProduct> {
    const [product, history] = await Promise.all([desk.product(id), audit.of('product', String(id))]);
    return { ...product, history };
  }

  scope.get(
    '/admin/products',
    {
      schema: {
        tags: ['back office'],
        summary: 'Products: by name, slug or SKU, family and publishing; sorted and paged on the server',
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListResponseSchema, 400: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const q = request.query;
      const { products, total } = await desk.list(q);
      return { products, total, page: q.page, per_page: q.per_page };
    },
  );

  scope.get(
    '/admin/products/:id',
    { schema: { tags: ['back office'], summary: 'One product with every variant’s price, design and units, and its history', params: ONE, response: { 200: adminProductResponseSchema, 404: errorResponseSchema, ...staffOnly } } },
    async (request) => ({ product: await productView(request.params.id) }),
  );

  scope.put(
    '/admin/products/:id',
    {
      schema: {
        tags: ['back office'],
        summary: 'Change a product’s name, description, offer, popularity, publishing, engraving or resizing; a new offer re-prices its variants',
        params: ONE,
        body: adminProductEditRequestSchema,
        response: { 200: adminProductSavedSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      await desk.editProduct(request.params.id, request.body, recordAs(request, 'product.edit'));
      const product = await productView(request.params.id);
      return { message: `${product.name} is saved.`, product };
    },
  );

  scope.put(
    '/admin/variants/:id',
    {
      schema: {
        tags: ['back office'],
        summary: 'Change a variant’s lead time, withdrawal, units on hand (null: made to order) or design (re-priced)',
        params: ONE,
        body: adminVariantEditRequestSchema,
        response: { 200: adminProductSavedSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const productId = await desk.editVariant(request.params.id, request.body, recordAs(request, 'variant.edit'));
      const product = await productView(productId);
      const sku = product.variants.find((v) => v.id === request.params.id)?.sku ?? '';
      return { message: `${product.name} (${sku}) is saved.`, product };
    },
  );

  scope.post(
    '/admin/variants/:id/price',
    {
      schema: {
        tags: ['back office'],
        summary: 'What a design would cost for this variant at the metal prices in force (nothing is saved)',
        params: ONE,
        body: adminVariantPriceRequestSchema,
        response: { 200: adminVariantPriceResponseSchema, 404: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const priced = await desk.priceDesign(request.params.id, request.body.design);
      const b = priced.breakdown;
      return {
        price_cents: priced.priceCents,
        breakdown: { metal_cents: b.metalCents, stones_cents: b.stonesCents, center_cents: b.centerCents, labor_cents: b.laborCents, offer_cents: b.offerCents },
        metal_grams: priced.metalGrams,
      };
    },
  );

  scope.get(
    '/admin/metal-prices',
    { schema: { tags: ['back office'], summary: 'The price of a gram of each metal, and how many variants are made in it', response: { 200: adminMetalPricesResponseSchema, ...staffOnly } } },
    async () => ({ metals: await desk.metalPrices() }),
  );

  scope.put(
    '/admin/metal-prices',
    {
      config: { owner: true, sensitive: true } satisfies AdminRouteConfig,
      schema: {
        tags: ['back office'],
        summary: 'Owners: new prices a gram; every variant made in those metals is re-priced in the same change (password entered lately)',
        body: adminMetalPricesRequestSchema,
        response: { 200: adminMetalPricesSavedSchema, 403: z.union([reauthErrorSchema, errorResponseSchema]), 401: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { moved, repriced } = await desk.setMetalPrices(request.body.prices, recordAs(request, 'metal.prices'));
      const metals = await desk.metalPrices();
      const message =
        moved === 0
          ? 'The metal prices are as they were: nothing was re-priced.'
          : `The metal prices are saved: ${repriced.toLocaleString('en-US')} variant${repriced === 1 ? '' : 's'} re-priced.`;
      return { message, repriced, metals };
    },
  );
}
