import { SessionsResponseSchema, type SessionsResponse } from '@plankurier/shared';
import { apiRequest } from './client';

/** The person's own sessions: list, sign one out, sign out everywhere else. */
export const sessionApi = {
  list: (): Promise<SessionsResponse> => apiRequest('GET', '/sessions', { schema: SessionsResponseSchema }),
  end: (sessionId: string): Promise<void> => apiRequest('DELETE', `/sessions/${encodeURIComponent(sessionId)}`),
  endOthers: (): Promise<SessionsResponse> =>
    apiRequest('POST', '/sessions/sign-out-others', { schema: SessionsResponseSchema }),
};
