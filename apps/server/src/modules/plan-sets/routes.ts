import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appError,
  IdParams,
  NamingKeyBody,
  PlanSetBody,
  PlanSetCheckBody,
  PlanSetFinishBody,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { getNamingKey, updateNamingKey } from './naming-key.ts';
import { checkSet, createSet, finishSet, getSet, openSets, releaseSet } from './service.ts';
import { readPostedTitleBlock } from './title-block-service.ts';

/** Plan sets: a dropped set of plan files checked, written, uploaded and told as one (issue 17). */
export function planSetRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plan-sets'];

  r.get('/api/project/:id/naming-key', { schema: { tags, params: IdParams } }, (req) =>
    getNamingKey(deps, actorOf(req), req.params.id),
  );

  r.put('/api/project/:id/naming-key', { schema: { tags, params: IdParams, body: NamingKeyBody } }, (req) =>
    updateNamingKey(deps, actorOf(req), req.params.id, req.body),
  );

  r.post('/api/plan-sets/check', { schema: { tags, body: PlanSetCheckBody } }, (req) =>
    checkSet(deps, actorOf(req), req.body),
  );

  r.post('/api/plan-sets', { schema: { tags, body: PlanSetBody } }, async (req, reply) =>
    reply.status(201).send(await createSet(deps, actorOf(req), req.body)),
  );

  r.get('/api/project/:id/plan-sets', { schema: { tags, params: IdParams } }, (req) =>
    openSets(deps, actorOf(req), req.params.id),
  );

  r.get('/api/plan-set/:id', { schema: { tags, params: IdParams } }, (req) =>
    getSet(deps, actorOf(req), req.params.id),
  );

  void app.register(async (scope) => {
    // The PDF streams to a scratch file: Fastify hands the body over unread.
    scope.addContentTypeParser('application/pdf', (_req, payload, done) => done(null, payload));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/project/:id/title-block', { schema: { tags, params: IdParams } }, (req) => {
        const body = req.body as Readable | null;
        if (!body || typeof body.pipe !== 'function') throw appError('upload.not_a_pdf', 415);
        return readPostedTitleBlock(deps, actorOf(req), req.params.id, body);
      });
  });

  r.post('/api/plan-set/:id/finish', { schema: { tags, params: IdParams, body: PlanSetFinishBody } }, (req) =>
    finishSet(deps, actorOf(req), req.params.id, req.body),
  );

  r.post('/api/plan-set/:id/release', { schema: { tags, params: IdParams } }, (req) =>
    releaseSet(deps, actorOf(req), req.params.id),
  );
}
