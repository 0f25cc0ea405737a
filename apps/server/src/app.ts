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
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createDiamondRepository } from './modules/diamonds/repository.ts';
import { createDiamondService } from './modules/diamonds/service.ts';
import { diamondRoutes } from './modules/diamonds/routes.ts';
import { registerStorefront, type DevStorefront } from './web/storefront.ts';
import { setupMail, type MailSetupOptions } from './modules/mail/setup.ts';
import { createContactService } from './modules/contact/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createNewsletterService } from './modules/newsletter/service.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { createAppointmentService } from './modules/appointments/service.ts';
import { appointmentRoutes } from './modules/appointments/routes.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Directory of the built storefront (apps/web/build); without it only the API is served. */
  storefrontBuildDir?: string;
  /** Vite in middleware mode instead of a build (`npm run dev`). */
  storefrontDev?: DevStorefront;
  logger?: FastifyServerOptions['logger'];
  /** Overrides for the mail transport and the dispatcher's timings (tests). */
  mail?: MailSetupOptions;
}

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

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
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const diamonds = createDiamondService({ repo: createDiamondRepository(db.db, db.engine) });
  const mail = await setupMail(app, { config, db }, deps.mail);
  const storefrontCalls = { db: db.db, mail, storeEmail: config.STORE_EMAIL };
  const contact = createContactService(storefrontCalls);
  const newsletter = createNewsletterService(storefrontCalls);
  const appointments = createAppointmentService(storefrontCalls);

  await app.register(healthRoutes(db));
  await app.register(
    async (api) => {
      await api.register(diamondRoutes(diamonds));
      await api.register(contactRoutes(contact));
      await api.register(newsletterRoutes(newsletter));
      await api.register(appointmentRoutes(appointments));
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
