/** The project load as the web asks for it: the compact wire form (bundle-wire.ts). */
export const projectLoadPath = (projectId: string) => `/project/${encodeURIComponent(projectId)}?form=compact`;
