import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@plankurier/shared';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Deps } from './deps.ts';
import { outboxRoutes } from './dev/outbox-routes.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import type { Jobs } from './jobs/boss.ts';
import type { MailSender } from './mail/transport.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { attachRealtime } from './modules/realtime/realtime.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createLocalStorage } from './storage/local.ts';

export interface AppParts {
  config: Config;
  db: Db;
  databaseUrl: string;
  jobs: Jobs;
  mail: MailSender;
}

/** The Fastify instance with every plugin and module; the caller decides when to listen. */
export async function buildApp(parts: AppParts): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config } = parts;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Plankurier API', version: APP_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerAuthentication(app, parts.db);

  const realtime = attachRealtime(app.server, { db: parts.db, databaseUrl: parts.databaseUrl, log: app.log });
  app.addHook('onClose', () => realtime.close());
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const deps: Deps = { config, db: parts.db, jobs: parts.jobs, mail: parts.mail, realtime, storage, log: app.log };

  healthRoutes(app, deps);
  authRoutes(app, deps);
  userRoutes(app, deps);
  if (config.env !== 'production') outboxRoutes(app, config.outboxDir);

  registerWebApp(app, config.webDist);
  return { app, deps };
}

/** The built SPA from the same server; unknown non-API paths get index.html (history fallback). */
function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    void app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/socket.io/');
    // A missing asset (an old build's chunk) must be a 404, not index.html served as script.
    const isAsset = req.url.startsWith('/assets/') || /\.[a-z0-9]{1,8}(\?|$)/i.test(req.url);
    if (hasWeb && !isApi && !isAsset && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ msgCode: 'common.not_found', message: 'common.not_found' });
  });
}
