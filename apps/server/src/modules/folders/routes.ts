import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FolderBody, FolderOrderBody, FoldersCollapseBody, FolderUpdateBody, IdParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { collapseFolders, createFolder, deleteFolder, orderFolders, updateFolder } from './service.ts';

export function folderRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['folders'];

  r.post('/api/folder', { schema: { tags, body: FolderBody } }, async (req, reply) =>
    reply.status(201).send(await createFolder(deps, actorOf(req), req.body)),
  );

  r.put('/api/folder/:id', { schema: { tags, params: IdParams, body: FolderUpdateBody } }, (req) =>
    updateFolder(deps, actorOf(req), req.params.id, req.body),
  );

  r.delete('/api/folder/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteFolder(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.put('/api/folders', { schema: { tags, body: FoldersCollapseBody } }, (req) =>
    collapseFolders(deps, actorOf(req), req.body),
  );

  r.put('/api/folders/order', { schema: { tags, body: FolderOrderBody } }, (req) =>
    orderFolders(deps, actorOf(req), req.body),
  );
}
