import { modals } from '@mantine/modals';
import { releaseProblem, type DocFolderDto } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { versionApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';

/** The versions of a folder that wait in preparation, split into releasable ones and ones still missing files. */
export function preparedInFolder(model: ProjectModel, folderId: string) {
  const ready: string[] = [];
  const missing: string[] = [];
  for (const doc of model.docsByFolder.get(folderId) ?? []) {
    const version = doc.nextVersion ? model.versionById.get(doc.nextVersion) : undefined;
    if (!version) continue;
    const kinds = (model.filesByVersion.get(version._id) ?? []).map((f) => f.kind);
    if (releaseProblem(version.status, doc.doctype, kinds)) missing.push(doc.number);
    else ready.push(version._id);
  }
  return { ready, missing };
}

/** 'Alle freigeben' of a folder, after a confirmation (spec §4 Version). */
export function useReleaseAll(projectId: string, model: ProjectModel) {
  const { t } = useTranslation();
  const release = useProjectMutation(projectId, (versionIds: string[]) => versionApi.releaseMany(versionIds));
  return (folder: DocFolderDto) => {
    const { ready, missing } = preparedInFolder(model, folder._id);
    modals.openConfirmModal({
      title: t('docs.releaseAllTitle'),
      children: (
        <>
          {t('docs.releaseAllText', { count: ready.length, name: folder.name })}
          {missing.length ? (
            <p style={{ marginBottom: 0 }}>{t('docs.releaseAllSkipped', { numbers: missing.join(', ') })}</p>
          ) : null}
        </>
      ),
      labels: { confirm: t('docs.releaseAll'), cancel: t('common.cancel') },
      confirmProps: { disabled: ready.length === 0 },
      onConfirm: () =>
        release.mutate(ready, { onSuccess: () => notifySuccess('message_versions_released'), onError: notifyError }),
    });
  };
}
