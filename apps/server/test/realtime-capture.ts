import type { Realtime } from '../src/modules/realtime/realtime.ts';

export interface Heard {
  at: number;
  /** toProject, toOffice or toMember. */
  to: 'project' | 'office' | 'member';
  officeId: string;
  event: string;
  payload: unknown;
}

/**
 * Records what the server sends to an office's sessions (projects, the office, its members),
 * passing every emit on; `restore` puts the originals back.
 */
export function captureRealtime(realtime: Realtime, officeId: string, event = 'updateData') {
  const heard: Heard[] = [];
  const { toProject, toOffice, toMember } = realtime;
  const keep = (to: Heard['to'], office: string, ev: string, payload: unknown) => {
    if (office === officeId && ev === event) heard.push({ at: Date.now(), to, officeId: office, event: ev, payload });
  };
  realtime.toProject = (office, projectId, ev, payload) => {
    keep('project', office, ev, payload);
    toProject(office, projectId, ev, payload);
  };
  realtime.toOffice = (office, ev, payload) => {
    keep('office', office, ev, payload);
    toOffice(office, ev, payload);
  };
  realtime.toMember = (office, userId, ev, payload) => {
    keep('member', office, ev, payload);
    toMember(office, userId, ev, payload);
  };
  return {
    heard,
    /** The payloads alone, in order. */
    get seen() {
      return heard.map((h) => h.payload);
    },
    restore: () => Object.assign(realtime, { toProject, toOffice, toMember }),
  };
}
