import { uploadProblem, type FileDto, type MsgCode, type ProjectBundle, type VersionDto } from '@plankurier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../api/api-error';
import { projectSyncOf } from '../../../api/project-sync';
import { i18n } from '../../../i18n';
import { queryKeys } from '../../../api/query-keys';
import { notifyError, notifySuccess, notifyWarning } from '../../../notifications/notify';
import { isEncryptedUpload } from './file-facts';
import { addonNamesWithUploads, kindsWithUploads, otherExtensionsWithUploads } from '../model/upload-state';
import { startUpload } from '../uploads/start-upload';
import { uploadStore } from '../uploads/upload-store';

/**
 * Starts the upload of one dropped or chosen file after the rules of spec §5 (one file per action;
 * a plan takes PDF/DWG/DXF, a data doc any format; one file of each type per version; add-ons PDF
 * with a new name). Returns the translated problem instead when a rule is broken.
 */
export function useVersionUploads(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (
      files: readonly File[],
      version: VersionDto,
      versionFiles: readonly FileDto[],
      kind: 'main' | 'addon',
    ): string | null => {
      const uploads = uploadStore.getState().filter((u) => u.versionId === version._id);
      const problem = uploadProblem(
        files,
        {
          doctype: version.doctype,
          present: kindsWithUploads(
            versionFiles.map((f) => f.kind),
            uploads,
          ),
          addonNames: addonNamesWithUploads(
            versionFiles.filter((f) => f.kind === 'addon').map((f) => f.filename),
            uploads,
          ),
          otherExtensions: otherExtensionsWithUploads(versionFiles, uploads),
        },
        { addon: kind === 'addon' },
      );
      if (problem) return i18n.t(`msg.${problem}`);
      const file = files[0];
      if (!file) return null;
      startUpload({
        file,
        projectId,
        versionId: version._id,
        kind,
        onFinished: (item) => {
          void projectSyncOf(queryClient)
            .catchUp(projectId)
            .then(() => {
              // An encrypted PDF is uploaded but needs a look: said as a warning, not 'Datei hochgeladen'.
              const bundle = queryClient.getQueryData<ProjectBundle>(queryKeys.project(projectId));
              if (isEncryptedUpload(bundle?.files ?? [], item)) notifyWarning('context.file.encryptedUploaded');
              else notifySuccess('message_file_uploaded');
              uploadStore.remove(item.id);
            });
        },
        onFailed: (code: MsgCode) => notifyError(new ApiError(0, '', code)),
      });
      return null;
    },
    [projectId, queryClient],
  );
}
