import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { publicUrlOf, secondFactorPolicyOf, walletProviderOf, wireTransferOf, type Config } from './config.ts';
import { pingDatabase, type Db } from './db/database.ts';
import type { Handle } from './db/tables.ts';
import { registerClientAddress } from './plugins/client-address.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { BODY_LIMIT_BYTES } from './plugins/body-limit.ts';
import { createLoggerOptions, type LogStream } from './plugins/logger.ts';
import { setupRateLimits, type RateLimitOptions } from './plugins/rate-limit.ts';
import { registerAuth } from './plugins/auth.ts';
import { startSweeper } from './lib/sweeper.ts';
import { storeUrlOf } from './lib/store-url.ts';
import { registerStorefront, type DevStorefront } from './web/storefront.ts';
import { applyStoreCalendar, calendarRoutes } from './modules/calendar/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { setupMail, type MailSetupOptions } from './modules/mail/index.ts';
import { createHoldService, createInventoryService, createStoneDesk, latestStoneChange, stoneChangesSince } from './modules/inventory/index.ts';
import { diamondRoutes, createDiamondSearchEngine, createDiamondService } from './modules/diamonds/index.ts';
import { createJewelryDesk, createJewelryService, jewelryRoutes } from './modules/jewelry/index.ts';
import { contactRoutes, createContactDesk, createContactService } from './modules/contact/index.ts';
import { createNewsletterService, newsletterRoutes } from './modules/newsletter/index.ts';
import { appointmentRoutes, createAppointmentDesk, createAppointmentService } from './modules/appointments/index.ts';
import {
  accountRootRoutes,
  accountRoutes,
  createAccountService,
  createCustomerDirectory,
  createPasswordHasher,
  createSecondFactors,
  createStaffDirectory,
  type PasswordHasher,
} from './modules/accounts/index.ts';
import { addressRoutes, createAddressService } from './modules/addresses/index.ts';
import { createCare, createOrderDesk, createOrderService, createReturns, orderRoutes, returnLabelRoutes, unitsHeldFromStock } from './modules/orders/index.ts';
import { createAuditLog } from './modules/audit/index.ts';
import { adminRoutes, createAdminSessions } from './modules/admin/index.ts';
import { createDocumentService, documentRoutes } from './modules/documents/index.ts';
import {
  createPayPalProvider,
  createSimulatorProvider,
  createWalletService,
  simulatorRoutes,
  walletWebhookRoutes,
  type WalletProvider,
} from './modules/payments/index.ts';
import { createTableTaxProvider, type TaxProvider } from './modules/tax/index.ts';
import { checkoutRoutes, createCheckoutService, giftRoutes, quoteRoutes } from './modules/checkout/index.ts';
import { createCustomRequestDesk, createCustomRequestService, customRequestRoutes } from './modules/custom-requests/index.ts';
import { createHomePreviewService, homePreviewRoutes } from './modules/home-preview/index.ts';
import { createBuilderStarts, createRingBuilderService, ringBuilderRoutes } from './modules/ring-builder/index.ts';
import { batchedLookup } from './lib/batched-lookup.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Directory of the built storefront (apps/web/build); without it only the API is served. */
  storefrontBuildDir?: string;
  /** Vite in middleware mode instead of a build (`npm run dev`). */
  storefrontDev?: DevStorefront;
  /** Replaces the whole logger configuration (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Keeps the store's logger configuration (redaction included) but writes to this stream (tests read it). */
  logStream?: LogStream;
  /** Overrides for the mail transport and the dispatcher's timings (tests). */
  mail?: MailSetupOptions;
  /** The clock of accounts, addresses, orders and rate limits (tests move it to expire tokens, windows and holds). */
  now?: () => Date;
  /** Replaces the password hasher (tests count its calls). */
  passwordHasher?: PasswordHasher;
  /** Replaces the store's own tax tables with another provider (a hosted tax service; docs/taxes.md, "The seam"). */
  taxProvider?: TaxProvider;
  /** Overrides for the rate-limit store (tests). */
  rateLimit?: RateLimitOptions;
  /** Replaces ORDER_HOLD_SWEEP_SECONDS, in milliseconds (tests sweep often and move the clock to end unpaid holds). */
  holdSweepIntervalMs?: number;
  /** Replaces WALLET_RECOVERY_SWEEP_SECONDS, in milliseconds. */
  walletSweepIntervalMs?: number;
  /** How often owners' changes whose delay has passed are applied, in milliseconds (default every minute; tests sweep often). */
  staffSweepIntervalMs?: number;
  /** How often unclaimed custom ring pictures are swept, in milliseconds (default hourly; tests sweep often). */
  customImageSweepIntervalMs?: number;
  /** Wraps the configured wallet provider (tests make calls fail or count them). */
  walletProvider?: (provider: WalletProvider) => WalletProvider;
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies counted back from the socket (the
 * client is the address the outermost of them saw); a list trusts those proxies' addresses only.
 */
function trustProxyOf(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? createLoggerOptions(config, deps.logStream),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    // Every body, API or page, is read by Fastify up to this cap and refused with a 413 beyond it
    // (plugins/body-limit.ts): the declared length is checked before a byte is read, a chunked body as it arrives.
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  registerClientAddress(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // The storefront's client sends Content-Type: application/json on every call (§7), bodiless POSTs included
  // (logout, make-default): an empty JSON body is no body, not a 400. Other bodies keep Fastify's own parser,
  // with its prototype-poisoning checks.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  // Fastify also reads text/plain by default: a type a page of another site may post without asking first, which
  // no route of the store takes. Without the parser such a body is a 415 (docs/security.md, "Forging a change").
  app.removeContentTypeParser('text/plain');

  // The storefront sets its own nonce-based CSP per page (web/storefront.ts); JSON needs none.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // With no-referrer, Chromium posts forms with `Origin: null`, which the storefront's same-origin
    // check for page actions must refuse; this policy still sends only the origin, never the path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Everstone store API', version: '1.0.0', description: 'The storefront API of the Everstone jewelry store.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/login.' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const now = deps.now ?? (() => new Date());
  // Every date the store promises is counted on its business calendar: weekends, the federal holidays, its closures.
  applyStoreCalendar(now(), config.STORE_CLOSED_DAYS);
  const inventory = createInventoryService({ db: db.db, now });
  const holds = createHoldService({ db, now, minutes: config.BUILDER_HOLD_MINUTES });
  const searchEngine =
    config.SEARCH_ENGINE === 'memory'
      ? createDiamondSearchEngine({
          db: db.db,
          engine: db.engine,
          refreshMs: config.SEARCH_REFRESH_MS,
          sqliteFile: db.engine === 'sqlite' && db.describe !== 'sqlite::memory:' ? db.describe.slice('sqlite:'.length) : null,
          log: app.log.child({ module: 'search' }),
          feed: { latestChange: () => latestStoneChange(db.db), changesSince: (after, limit) => stoneChangesSince(db.db, after, limit) },
        })
      : null;
  if (searchEngine) app.addHook('onClose', () => searchEngine.close());
  const diamonds = createDiamondService({
    db: db.db,
    engine: db.engine,
    searchEngine,
    inventoryVersion: inventory.version,
    heldUntil: batchedLookup(async (ids) => new Map([...(await holds.holdsOf(ids))].map(([id, hold]) => [id, hold.expires_at]))),
  });
  const mail = await setupMail(app, { config, db }, deps.mail);
  const storefrontCalls = { db: db.db, engine: db.engine, mail, storeEmail: config.STORE_EMAIL };
  // Links in emails: PUBLIC_URL, never a request's Host header (docs/configuration.md).
  const publicUrl = publicUrlOf(config);
  const contact = createContactService(storefrontCalls);
  const newsletter = createNewsletterService({ ...storefrontCalls, publicUrl });
  const appointments = createAppointmentService({ ...storefrontCalls, now });

  const limiter = setupRateLimits(app, { config, db: db.db, now }, deps.rateLimit);
  const audit = createAuditLog({ db: db.db, now });
  const adminSessions = createAdminSessions({ db: db.db, now });
  const accountDeps = {
    db: db.db,
    engine: db.engine,
    mail,
    hasher: deps.passwordHasher ?? createPasswordHasher(),
    now,
    tokenTtlMs: config.AUTH_TOKEN_TTL_DAYS * 86_400_000,
    resetTtlMs: config.PASSWORD_RESET_TTL_MINUTES * 60_000,
    publicUrl,
    storeEmail: config.STORE_EMAIL,
    audit,
    endBackOfficeSessions: (trx: Handle, userId: number) => adminSessions.endAllOf(userId, trx),
  };
  const accounts = createAccountService(accountDeps);
  const staffDirectory = createStaffDirectory(accountDeps);
  startSweeper(app, {
    module: 'accounts',
    run: () => staffDirectory.applyDueChanges(),
    done: 'owners’ changes applied after their delay',
    intervalMs: deps.staffSweepIntervalMs ?? 60_000,
  });
  if (!config.PUBLIC_URL && config.NODE_ENV === 'production') {
    app.log.warn('PUBLIC_URL is not set: password reset emails link to localhost');
  }
  const auth = registerAuth(app, accounts.authenticate);
  const addresses = createAddressService({ db: db.db, engine: db.engine, now });
  const orders = createOrderService({ db, mail, storeEmail: config.STORE_EMAIL, wireTransfer: wireTransferOf(config), inventory, now });
  const desk = createOrderDesk({ db, mail, storeEmail: config.STORE_EMAIL, wireTransfer: wireTransferOf(config), inventory, signatureRequiredFromCents: config.SIGNATURE_REQUIRED_FROM, now });
  const jewelry = createJewelryService({ db: db.db, inventory });
  const tax = deps.taxProvider ?? createTableTaxProvider({ db: db.db, nexus: config.TAX_NEXUS });
  const checkout = createCheckoutService({ db, diamonds, jewelry, inventory, orders, mail, tax, now, unpaidCeiling: config.UNPAID_HOLD_CEILING });
  const customRequests = createCustomRequestService({ ...storefrontCalls, now });
  const homePreview = createHomePreviewService({ ...storefrontCalls, publicUrl, jewelry, now });
  const ringBuilder = createRingBuilderService({ diamonds, jewelry, holds });
  const documents = createDocumentService({ db, orders, desk, diamonds, jewelry, storeEmail: config.STORE_EMAIL, publicUrl, now });
  const builderStarts = createBuilderStarts({ db: db.db, now, log: app.log.child({ module: 'ring-builder' }) });
  startSweeper(app, {
    module: 'custom-requests',
    run: () => customRequests.sweepUnclaimedImages(),
    done: 'unclaimed custom ring pictures deleted',
    intervalMs: deps.customImageSweepIntervalMs ?? 3_600_000,
  });
  startSweeper(app, {
    module: 'orders',
    run: () => orders.expireUnpaidHolds(),
    done: 'unpaid holds released',
    intervalMs: deps.holdSweepIntervalMs ?? config.ORDER_HOLD_SWEEP_SECONDS * 1000,
  });
  startSweeper(app, {
    module: 'orders',
    run: () => orders.completeClosedReturnWindows(),
    done: 'delivered orders completed as their return window closed',
    intervalMs: deps.holdSweepIntervalMs ?? config.ORDER_HOLD_SWEEP_SECONDS * 1000,
  });

  const simulator = createSimulatorProvider({ db: db.db, now });
  const configuredProvider =
    walletProviderOf(config) === 'paypal'
      ? createPayPalProvider({
          clientId: config.PAYPAL_CLIENT_ID!,
          clientSecret: config.PAYPAL_CLIENT_SECRET!,
          apiBase: config.PAYPAL_API_BASE,
          webhookId: config.PAYPAL_WEBHOOK_ID,
        })
      : simulator.provider;
  const wallet = createWalletService({
    db,
    provider: deps.walletProvider ? deps.walletProvider(configuredProvider) : configuredProvider,
    hooks: checkout.walletHooks,
    mail,
    storeEmail: config.STORE_EMAIL,
    now,
    log: app.log.child({ module: 'payments' }),
  });
  checkout.useWallet(wallet);
  const returns = createReturns({
    db,
    inventory,
    mail,
    storeEmail: config.STORE_EMAIL,
    publicUrl,
    wireTransfer: wireTransferOf(config),
    // A PayPal payment's refund goes back through PayPal's refund API (the simulator's when no PayPal is set up).
    refunds: { paypal: (orderId, cents, requestId) => wallet.refundOrder(orderId, cents, requestId) },
    now,
  });
  const care = createCare({ db, mail, storeEmail: config.STORE_EMAIL, publicUrl, wireTransfer: wireTransferOf(config), signatureRequiredFromCents: config.SIGNATURE_REQUIRED_FROM, now });
  startSweeper(app, {
    module: 'payments',
    run: () => wallet.recover(),
    done: 'wallet payments finished after an interruption, or settled after a review',
    intervalMs: deps.walletSweepIntervalMs ?? config.WALLET_RECOVERY_SWEEP_SECONDS * 1000,
  });

  // A search that failed to load reads the database: the instance still serves.
  await app.register(healthRoutes(() => pingDatabase(db), () => (searchEngine === null || searchEngine.state === 'failed' || searchEngine.state === 'closed' ? 'database' : searchEngine.state === 'ready' ? 'memory' : 'loading')));
  if (walletProviderOf(config) === 'simulator') await app.register(simulatorRoutes(simulator));
  await app.register(accountRootRoutes(accounts, { limiter }));
  await app.register(
    async (api) => {
      await api.register(diamondRoutes(diamonds, { settingWindows: jewelry.settingWindows, limiter }));
      await api.register(jewelryRoutes(jewelry));
      await api.register(calendarRoutes());
      await api.register(contactRoutes(contact, { limiter }));
      await api.register(accountRoutes(accounts, { auth, limiter, now }));
      await api.register(addressRoutes(addresses, { auth, limiter }));
      await api.register(orderRoutes(orders, { auth, returns, care, limiter }));
      await api.register(documentRoutes(documents, { auth, limiter }));
      await api.register(
        returnLabelRoutes(returns, {
          care,
          limiter,
          renderLabel: ({ from: { name, ...address }, ...label }) => documents.returnLabel({ ...label, from: { name, address } }),
        }),
      );
      await api.register(checkoutRoutes(checkout, { auth, limiter, wallet, storeUrl: storeUrlOf(config) }));
      await api.register(quoteRoutes(checkout, { limiter }));
      await api.register(giftRoutes(checkout, { authenticate: accounts.authenticate, limiter }));
      if (wallet.acceptsEvents) await api.register(walletWebhookRoutes(wallet, { limiter }));
      await api.register(newsletterRoutes(newsletter, { limiter }));
      await api.register(appointmentRoutes(appointments, { limiter }));
      await api.register(customRequestRoutes(customRequests, { limiter }));
      await api.register(homePreviewRoutes(homePreview, { auth, limiter }));
      await api.register(ringBuilderRoutes(ringBuilder, { authenticate: accounts.authenticate, limiter, starts: builderStarts }));
      await api.register(
        adminRoutes({
          sessions: adminSessions,
          staff: staffDirectory,
          secondFactors: createSecondFactors({ ...accountDeps, policy: secondFactorPolicyOf(config) }),
          authenticate: accounts.authenticate,
          desk,
          returns,
          care,
          audit,
          limiter,
          documents,
          secureCookie: publicUrl.startsWith('https:'),
          customers: createCustomerDirectory({ db: db.db }),
          accounts,
          addresses,
          contact: createContactDesk({ ...storefrontCalls, now }),
          customRequests: createCustomRequestDesk({ db: db.db, engine: db.engine, now }),
          homePreview,
          newsletter,
          db,
          diamonds,
          stones: createStoneDesk({ db }),
          jewelryDesk: createJewelryDesk({ db, inventory, heldUnits: unitsHeldFromStock, now }),
          appointments: createAppointmentDesk({ ...storefrontCalls, now }),
          starts: builderStarts,
          now,
          holds,
        }),
      );
      // An unknown API path is answered in JSON, never by the storefront's HTML 404 page.
      api.all('/*', { schema: { hide: true } }, async (request, reply) =>
        reply.status(404).send({ message: `No API route ${request.method} ${request.url.split('?')[0]}` }),
      );
    },
    { prefix: '/api' },
  );

  if (deps.storefrontDev) await registerStorefront(app, { source: { vite: deps.storefrontDev }, config });
  else if (deps.storefrontBuildDir) await registerStorefront(app, { source: { buildDir: deps.storefrontBuildDir }, config });
  else app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Not found: ${request.url}` }));

  return app;
}
