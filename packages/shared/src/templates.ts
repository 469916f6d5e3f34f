import { z } from 'zod';

/** Message templates of the office for the delivery's cover message (spec §3 Template, §7). */

export const TEMPLATE_TYPES = ['DELIVERY'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TITLE_MAX = 200;
export const TEMPLATE_TEXT_MAX = 20_000;

const title = z.string().trim().max(TEMPLATE_TITLE_MAX);
const text = z.string().max(TEMPLATE_TEXT_MAX);

/** A title is required ('template.title_required'); an existing one answers 409 'template.title_taken'. */
export const TemplateBody = z.object({
  type: z.enum(TEMPLATE_TYPES).default('DELIVERY'),
  title: title.default(''),
  text: text.default(''),
});
export type TemplateBody = z.infer<typeof TemplateBody>;

/** Overwrites the text (and renames when a title is given). */
export const TemplateUpdateBody = z.object({ text, title: title.optional() });
export type TemplateUpdateBody = z.infer<typeof TemplateUpdateBody>;

export interface TemplateDto {
  _id: string;
  type: TemplateType;
  title: string;
  text: string;
}
