import { requireOfficeListRights, type Actor } from '../offices/access.ts';
import { errors, type TemplateBody, type TemplateDto, type TemplateUpdateBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { isUniqueViolation } from '../users/queries.ts';
import {
  deleteTemplateRow,
  findTemplate,
  insertTemplate,
  templateTitleInUse,
  templatesOfOffice,
  updateTemplateRow,
} from './queries.ts';

type TemplateDeps = Pick<Deps, 'db'>;
type TemplateRow = { id: string; type: 'DELIVERY'; title: string; text: string };

const toTemplateDto = (row: TemplateRow): TemplateDto => ({
  _id: row.id,
  type: row.type,
  title: row.title,
  text: row.text,
});

function requireTitle(title: string): string {
  const value = title.trim();
  if (!value) throw errors.templateTitleRequired();
  return value;
}

/** Sorted by title as German readers sort (Ä beside A). */
export async function listTemplates({ db }: TemplateDeps, actor: Actor): Promise<TemplateDto[]> {
  return (await templatesOfOffice(db, actor.officeId)).map(toTemplateDto);
}

/**
 * A title that exists already (ignoring case) answers 409 'template.title_taken': the web warns,
 * and on confirmation overwrites that template with PUT.
 */
export async function createTemplate({ db }: TemplateDeps, actor: Actor, body: TemplateBody): Promise<TemplateDto> {
  requireOfficeListRights(actor);
  const title = requireTitle(body.title);
  return titleUnique(async () => {
    if (await templateTitleInUse(db, actor.officeId, body.type, title)) throw errors.templateTitleTaken();
    return toTemplateDto(await insertTemplate(db, actor.officeId, { type: body.type, title, text: body.text }));
  });
}

/** Overwrites the text; a given title renames, and must not be another template's. */
export async function updateTemplate(
  { db }: TemplateDeps,
  actor: Actor,
  templateId: string,
  body: TemplateUpdateBody,
): Promise<TemplateDto> {
  requireOfficeListRights(actor);
  const title = body.title === undefined ? undefined : requireTitle(body.title);
  return titleUnique(() =>
    db.transaction().execute(async (tx) => {
      const template = await findTemplate(tx, actor.officeId, templateId);
      if (!template) throw errors.notFound();
      if (title !== undefined && (await templateTitleInUse(tx, actor.officeId, template.type, title, templateId))) {
        throw errors.templateTitleTaken();
      }
      const row = await updateTemplateRow(tx, actor.officeId, templateId, {
        text: body.text,
        ...(title === undefined ? {} : { title }),
      });
      if (!row) throw errors.notFound();
      return toTemplateDto(row);
    }),
  );
}

export async function deleteTemplate({ db }: TemplateDeps, actor: Actor, templateId: string): Promise<void> {
  requireOfficeListRights(actor);
  if (!(await deleteTemplateRow(db, actor.officeId, templateId))) throw errors.notFound();
}

/** Two concurrent saves may both pass the check; the unique index decides, with the same answer. */
async function titleUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.templateTitleTaken();
    throw err;
  }
}
