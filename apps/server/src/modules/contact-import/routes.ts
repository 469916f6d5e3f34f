import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, IdParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { deleteImport, getImportInfo, MAX_IMPORT_BYTES, resetImport, startImport, undoPreview } from './service.ts';

export function contactImportRoutes(app: FastifyInstance, deps: Deps) {
  // Multipart only for the import: its own scope, one file, 50 MB at most.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['contacts'];

    r.post('/api/contacts', { schema: { tags, consumes: ['multipart/form-data'] } }, async (req, reply) => {
      if (!req.isMultipart()) throw appError('import.file_type', 400);
      const part = await req.file();
      if (!part) throw appError('import.empty_file', 400);
      const importInfo = await startImport(deps, actorOf(req).officeId, { filename: part.filename, file: part.file });
      deps.realtime.toOffice(actorOf(req).officeId, 'contactImportInfo', { importInfo });
      return reply.status(202).send({ importInfo });
    });

    r.get('/api/contacts/import', { schema: { tags } }, (req) => getImportInfo(deps, actorOf(req).officeId));

    r.put('/api/contacts/import/reset', { schema: { tags } }, async (req, reply) => {
      await resetImport(deps, actorOf(req).officeId);
      return reply.status(204).send();
    });

    r.get('/api/contacts/import/:id/undo-preview', { schema: { tags, params: IdParams } }, (req) =>
      undoPreview(deps, actorOf(req), req.params.id),
    );

    r.delete('/api/contacts/import/:id', { schema: { tags, params: IdParams } }, (req) =>
      deleteImport(deps, actorOf(req).officeId, req.params.id),
    );
  });
}
