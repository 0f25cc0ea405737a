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
import { registerStorefront } from './web/storefront.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Directory of the built storefront (apps/web/build); without it only the API is served. */
  storefrontBuildDir?: string;
  logger?: FastifyServerOptions['logger'];
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
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Everstone store API', version: '1.0.0', description: 'The storefront API of the Everstone jewelry store.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const diamonds = createDiamondService({ repo: createDiamondRepository(db.db, db.engine) });

  await app.register(healthRoutes(db));
  await app.register(
    async (api) => {
      await api.register(diamondRoutes(diamonds));
      // An unknown API path is answered in JSON, never by the storefront's HTML 404 page.
      api.all('/*', { schema: { hide: true } }, async (request, reply) =>
        reply.status(404).send({ message: `No API route ${request.method} ${request.url.split('?')[0]}` }),
      );
    },
    { prefix: '/api' },
  );

  if (deps.storefrontBuildDir) await registerStorefront(app, { buildDir: deps.storefrontBuildDir, config });
  else app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Not found: ${request.url}` }));

  return app;
}
