import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompanySearchBody,
  ContactBody,
  ContactListQuery,
  ContactUpdateBody,
  IdParams,
  ValidateBody,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import {
  createContact,
  deleteContact,
  listContacts,
  requestContactValidation,
  searchCompanies,
  updateContact,
  validateContact,
} from './service.ts';

export function contactRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contacts'];

  r.get('/api/contacts', { schema: { tags, querystring: ContactListQuery } }, (req) => {
    const { importInfoOnly, sortOrder, ...query } = req.query;
    return listContacts(
      deps,
      actorOf(req),
      { ...query, sortOrder: sortOrder === -1 ? -1 : 1 },
      importInfoOnly !== undefined,
    );
  });

  r.post('/api/contact', { schema: { tags, body: ContactBody } }, async (req, reply) =>
    reply.status(201).send(await createContact(deps, actorOf(req), req.body)),
  );

  r.put('/api/contact/:id', { schema: { tags, params: IdParams, body: ContactUpdateBody } }, (req) =>
    updateContact(deps, actorOf(req), req.params.id, req.body),
  );

  r.delete('/api/contact/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteContact(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.post('/api/contact/validate/:id', { schema: { tags, params: IdParams } }, (req) =>
    requestContactValidation(deps, actorOf(req), req.params.id),
  );

  r.post('/api/contact/validate', { config: { public: true }, schema: { tags, body: ValidateBody } }, (req) =>
    validateContact(deps, req.body.validationCode),
  );

  r.post('/api/companies/search', { schema: { tags, body: CompanySearchBody } }, (req) =>
    searchCompanies(deps, actorOf(req), req.body.searchText),
  );
}
