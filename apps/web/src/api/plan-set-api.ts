import type {
  NamingKey,
  PlanSetBody,
  PlanSetCheckBody,
  PlanSetCheckResponse,
  PlanSetDto,
  PlanSetReleaseResponse,
  PlanSetResponse,
  TitleBlockReading,
} from '@plankurier/shared';
import { sessionStore } from '../session/session-store';
import { ApiError, detailsOf, msgCodeOf } from './api-error';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';

const id = (value: string) => encodeURIComponent(value);

export const planSetApi = {
  namingKey: (projectId: string): Promise<NamingKey> =>
    apiRequest('GET', `/project/${id(projectId)}/naming-key`, { schema: dtoSchema<NamingKey>('indexStyle') }),
  saveNamingKey: (projectId: string, key: NamingKey): Promise<NamingKey> =>
    apiRequest('PUT', `/project/${id(projectId)}/naming-key`, {
      body: key,
      schema: dtoSchema<NamingKey>('indexStyle'),
    }),
  check: (body: PlanSetCheckBody): Promise<PlanSetCheckResponse> =>
    apiRequest('POST', '/plan-sets/check', { body, schema: dtoSchema<PlanSetCheckResponse>('review', 'docLimit') }),
  create: (body: PlanSetBody): Promise<PlanSetResponse> =>
    apiRequest('POST', '/plan-sets', { body, schema: dtoSchema<PlanSetResponse>('planSet') }),
  get: (setId: string): Promise<PlanSetDto> =>
    apiRequest('GET', `/plan-set/${id(setId)}`, { schema: dtoSchema<PlanSetDto>('_id', 'files') }),
  open: async (projectId: string): Promise<PlanSetDto[]> =>
    (await apiRequest<PlanSetDto[] | undefined>('GET', `/project/${id(projectId)}/plan-sets`, {
      schema: {
        safeParse: (data) =>
          Array.isArray(data)
            ? { success: true, data: data as PlanSetDto[] }
            : { success: false, error: { issues: ['not a list'] } },
      },
    })) ?? [],
  /** 'Alle freigeben': every version of the set still in preparation, in whichever folder. */
  release: (setId: string): Promise<PlanSetReleaseResponse> =>
    apiRequest('POST', `/plan-set/${id(setId)}/release`, {
      schema: dtoSchema<PlanSetReleaseResponse>('released', 'alreadyReleased', 'notReady'),
    }),
  finish: (setId: string, allowMissing = false): Promise<PlanSetDto> =>
    apiRequest('POST', `/plan-set/${id(setId)}/finish`, {
      body: { allowMissing },
      schema: dtoSchema<PlanSetDto>('_id'),
    }),

  /** Sends one PDF (streamed by the browser, never read here) for its title block to be read. */
  async titleBlock(projectId: string, file: Blob): Promise<TitleBlockReading | null> {
    const token = sessionStore.getState().token;
    let response: Response;
    try {
      response = await fetch(`/api/project/${id(projectId)}/title-block`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/pdf',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: file,
      });
    } catch {
      throw new ApiError(0, '', 'common.unavailable');
    }
    const data = (await response.json().catch(() => undefined)) as { reading?: TitleBlockReading | null } | undefined;
    if (!response.ok) throw new ApiError(response.status, response.statusText, msgCodeOf(data), detailsOf(data));
    return data?.reading ?? null;
  },
};
