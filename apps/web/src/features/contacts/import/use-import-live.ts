import type { ImportInfo } from '@plankurier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { contactKeys } from '../../../api/use-contacts';
import { liveEvents } from '../../../session/live-events';
import { importInfoFromEvent, mergeImportInfo } from './import-report';

type ImportInfoData = { importInfo: ImportInfo | null };

/**
 * Follows the 'contactImportInfo' events while the contacts screen is open: progress and report go
 * into the cache of the import tab; when the import has ended the contact list reloads (spec §4).
 */
export function useImportLive(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      liveEvents.on('contactImportInfo', (payload) => {
        const incoming = importInfoFromEvent(payload);
        if (!incoming) return;
        const current = queryClient.getQueryData<ImportInfoData>(contactKeys.importInfo)?.importInfo;
        const next = mergeImportInfo(current, incoming);
        queryClient.setQueryData<ImportInfoData>(contactKeys.importInfo, { importInfo: next });
        if (next !== current && !next.inProgress) {
          void queryClient.invalidateQueries({ queryKey: [...queryKeys.contacts, 'list'] });
        }
      }),
    [queryClient],
  );
}
