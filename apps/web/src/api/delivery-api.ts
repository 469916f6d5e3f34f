import type {
  DeliveryBody,
  DeliveryDto,
  ParticipantDto,
  PreviewBody,
  PreviewResponse,
  SubscriptionDto,
  TemplateDto,
} from '@plankurier/shared';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';
import { withSubIds } from './sub-ids';

const id = (value: string) => encodeURIComponent(value);

/** Delivery by e-mail (spec §7): send, its progress, preview, stop, and revoking a recipient's personal link. */
/** The sends take the chosen subscriptions by key, as the bundle names them, and send their ids (withSubIds). */
export const deliveryApi = {
  deliver: async (body: DeliveryBody): Promise<DeliveryDto> => {
    const participants = await withSubIds(body.projectId, body.participants);
    return apiRequest('POST', '/delivery/participants', {
      body: { ...body, participants },
      schema: dtoSchema<DeliveryDto>('_id', 'recipients'),
    });
  },
  /** The delivery as the server has it: catching up after the live connection dropped. */
  progress: (deliveryId: string): Promise<DeliveryDto> =>
    apiRequest('GET', `/delivery/${id(deliveryId)}`, { schema: dtoSchema<DeliveryDto>('_id', 'recipients') }),
  /** The project's delivery that is still sending, or null: deliver mode reopens in its progress view. */
  running: (projectId: string): Promise<{ delivery: DeliveryDto | null }> =>
    apiRequest('GET', `/project/${id(projectId)}/running-delivery`, { schema: dtoSchema('delivery') }),
  preview: async (body: PreviewBody): Promise<PreviewResponse> => {
    const [receiver] = await withSubIds(body.projectId, [{ _id: body.participantId, subs: body.subIds }]);
    return apiRequest('POST', '/delivery/preview', {
      body: { ...body, subIds: receiver!.subs },
      schema: dtoSchema<PreviewResponse>('previewHtml'),
    });
  },
  stop: (projectId: string): Promise<{ participants: ParticipantDto[]; subs: SubscriptionDto[] }> =>
    apiRequest('POST', '/delivery/stop', { body: { projectId }, schema: dtoSchema('participants', 'subs') }),
  revokeLink: (recipientId: string): Promise<void> =>
    apiRequest('POST', `/delivery/recipient/${id(recipientId)}/revoke`),
};

/** The office's message templates for the cover message (spec §3 Template, §7). */
export const templateApi = {
  list: (): Promise<TemplateDto[]> =>
    apiRequest('GET', '/templates', {
      schema: {
        safeParse: (data: unknown) =>
          Array.isArray(data)
            ? { success: true as const, data: data as TemplateDto[] }
            : { success: false as const, error: { issues: ['not a list'] } },
      },
    }),
  create: (body: { title: string; text: string }): Promise<TemplateDto> =>
    apiRequest('POST', '/template', { body: { type: 'DELIVERY', ...body }, schema: dtoSchema<TemplateDto>('_id') }),
  update: (templateId: string, body: { text: string; title?: string }): Promise<TemplateDto> =>
    apiRequest('PUT', `/template/${id(templateId)}`, { body, schema: dtoSchema<TemplateDto>('_id') }),
  remove: (templateId: string): Promise<void> => apiRequest('DELETE', `/template/${id(templateId)}`),
};
