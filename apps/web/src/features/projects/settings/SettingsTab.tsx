import { Stack } from '@mantine/core';
import type { ProjectModel } from '../model/project-model';
import { DeleteProjectSection } from './DeleteProjectSection';
import { PhaseEditor } from './PhaseEditor';
import { ProjectDataForm } from './ProjectDataForm';

/** 'Einstellungen': number and name, the phase editor, deleting the project. */
export function SettingsTab({ model }: { model: ProjectModel }) {
  return (
    <Stack gap="lg" maw={880}>
      <ProjectDataForm project={model.bundle.project} />
      <PhaseEditor projectId={model.bundle.project._id} phases={model.phases} />
      <DeleteProjectSection project={model.bundle.project} />
    </Stack>
  );
}
