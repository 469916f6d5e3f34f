import type { ParticipantFolderDto } from '@plankurier/shared';
import { participantFolderApi } from '../../../api/participant-api';
import { FolderNameDialog } from '../folders/FolderNameDialog';

export type ParticipantFolderDialogState = { mode: 'create' } | { mode: 'rename'; folder: ParticipantFolderDto } | null;

/** 'Neuer Ordner' of the participant list, and renaming one. */
export function ParticipantFolderDialog({
  projectId,
  state,
  onClose,
}: {
  projectId: string;
  state: ParticipantFolderDialogState;
  onClose: () => void;
}) {
  const save = (name: string): Promise<unknown> =>
    state?.mode === 'rename'
      ? participantFolderApi.update(state.folder._id, { name, rev: state.folder.rev })
      : participantFolderApi.create({ projectId, name });
  return (
    <FolderNameDialog projectId={projectId} textScope="participants" state={state} save={save} onClose={onClose} />
  );
}
