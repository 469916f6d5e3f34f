import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
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
import { registerPublicRateLimit } from './http/public-rate-limit.ts';
import { registerWebApp } from './http/web-app.ts';
import type { Jobs } from './jobs/boss.ts';
import type { MailSender } from './mail/transport.ts';
import { archiveRoutes } from './modules/archives/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { bounceRoutes } from './modules/bounces/routes.ts';
import { docRoutes } from './modules/docs/routes.ts';
import { folderRoutes } from './modules/folders/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { officeRoutes } from './modules/offices/routes.ts';
import { phaseRoutes } from './modules/phases/routes.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { attachRealtime } from './modules/realtime/realtime.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { mailAddressRoutes } from './modules/mail-addresses/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { deliveryRoutes } from './modules/deliveries/routes.ts';
import { receiptRoutes } from './modules/receipts/routes.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { previewRoutes } from './modules/previews/routes.ts';
import { contactImportRoutes } from './modules/contact-import/routes.ts';
import { versionRoutes } from './modules/versions/routes.ts';
import { participantRoutes } from './modules/participants/routes.ts';
import { participantFolderRoutes } from './modules/participant-folders/routes.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { templateRoutes } from './modules/templates/routes.ts';
import { timelineRoutes } from './modules/timeline/routes.ts';
import { printRoutes } from './modules/prints/routes.ts';
import { qrRoutes } from './modules/qr/routes.ts';
import { shipmentRoutes } from './modules/shipments/routes.ts';
import { planSetRoutes } from './modules/plan-sets/routes.ts';
import type { Storage } from './storage/storage.ts';

/** A registered route as the route sweep test classifies it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
}

export interface AppParts {
  config: Config;
  db: Db;
  databaseUrl: string;
  jobs: Jobs;
  mail: MailSender;
  storage: Storage;
  processId: string;
  /** Set while the process stops: readiness answers 503 so load balancers send nothing new. */
  lifecycle: { draining: boolean };
}

/** The WebSocket origin of the app's public address: ws://host for http, wss://host for https. */
export const socketOrigin = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
};

/** The Fastify instance with every plugin and module; the caller decides when to listen. */
export async function buildApp(
  parts: AppParts,
): Promise<{ app: FastifyInstance; deps: Deps; routes: RegisteredRoute[] }> {
  const { config } = parts;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      ...(config.logDestination ? { stream: config.logDestination } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: false,
  });
  // Calls like PUT /contacts/import/reset carry no body even when a client names JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : parseJson(req, body as string, done),
  );
  // Every route, as registered (plugins included): the route sweep test must know each one.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // hash-wasm computes upload checksums in WebAssembly, which needs this (no eval of scripts).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The app's own origin only ('self' covers its ws:/wss: in CSP 3; the socket's origin is named for older browsers).
        connectSrc: ["'self'", socketOrigin(config.publicUrl)],
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
  // JSON and text only (the project bundle of a large project is several MB); files stream as stored.
  await app.register(compress, {
    encodings: ['gzip'],
    threshold: 2048,
    customTypes: /^(application\/json|text\/)/,
    zlibOptions: { level: 5 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Plankurier API', version: APP_VERSION } },
    transform: jsonSchemaTransform,
  });
  // The pages show every route and schema: a production installation opens them only on purpose.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerPublicRateLimit(app, parts.db, { max: config.publicRequestsPerIpPerMinute, windowSeconds: 60 });
  registerAuthentication(app, parts.db, config);

  const realtime = attachRealtime(app.server, {
    db: parts.db,
    databaseUrl: parts.databaseUrl,
    log: app.log,
    config,
  });
  app.addHook('onClose', () => realtime.close());
  const deps: Deps = {
    config,
    db: parts.db,
    jobs: parts.jobs,
    mail: parts.mail,
    realtime,
    storage: parts.storage,
    log: app.log,
    processId: parts.processId,
  };

  healthRoutes(app, deps, parts.lifecycle);
  authRoutes(app, deps);
  billingRoutes(app, deps);
  userRoutes(app, deps);
  mailAddressRoutes(app, deps);
  sessionRoutes(app, deps);
  officeRoutes(app, deps);
  contactRoutes(app, deps);
  contactImportRoutes(app, deps);
  uploadRoutes(app, deps, { databaseUrl: parts.databaseUrl });
  fileRoutes(app, deps);
  projectRoutes(app, deps);
  phaseRoutes(app, deps);
  folderRoutes(app, deps);
  docRoutes(app, deps);
  versionRoutes(app, deps);
  participantRoutes(app, deps);
  participantFolderRoutes(app, deps);
  roleRoutes(app, deps);
  subscriptionRoutes(app, deps);
  templateRoutes(app, deps);
  timelineRoutes(app, deps);
  printRoutes(app, deps);
  shipmentRoutes(app, deps);
  planSetRoutes(app, deps);
  deliveryRoutes(app, deps);
  downloadRoutes(app, deps);
  previewRoutes(app, deps);
  receiptRoutes(app, deps);
  archiveRoutes(app, deps);
  qrRoutes(app, deps);
  bounceRoutes(app, deps);
  if (config.env !== 'production') outboxRoutes(app, config.outboxDir);

  registerWebApp(app, config.webDist);
  return { app, deps, routes };
}
