import type { QueryClient } from '@tanstack/react-query';
import { liveSyncOf } from '../session/project-live-sync';
import { projectApi } from './project-api';

/** The app's live sync of cached project bundles (see projectLiveSync). */
export const projectSyncOf = (queryClient: QueryClient) => liveSyncOf(queryClient, projectApi.changes);
