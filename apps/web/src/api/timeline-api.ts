import type { TimelineBody, TimelineResponse } from '@plankurier/shared';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';

export const timelineApi = {
  /** One page of a project's DOC or EMAIL events, newest first (POST /timeline). */
  list: (body: TimelineBody): Promise<TimelineResponse> =>
    apiRequest('POST', '/timeline', { body, schema: dtoSchema<TimelineResponse>('events', 'total', 'hasMore') }),
};
