import { Stack } from '@mantine/core';
import { ProjectArchivesSection } from '../archives/ProjectArchivesSection';
import { ProjectPrintsSection } from '../prints/ProjectPrintsSection';
import type { ProjectModel } from '../model/project-model';
import { DeleteProjectSection } from './DeleteProjectSection';
import { PhaseEditor } from './PhaseEditor';
import { ProjectDataForm } from './ProjectDataForm';
import { RoleEditor } from './RoleEditor';

/** 'Einstellungen': number and name, the phase editor, the role editor, deleting the project. */
export function SettingsTab({ model }: { model: ProjectModel }) {
  return (
    <Stack gap="lg" maw={880}>
      <ProjectDataForm project={model.bundle.project} />
      <PhaseEditor projectId={model.bundle.project._id} phases={model.phases} />
      <RoleEditor roles={model.bundle.roles} />
      <ProjectPrintsSection projectId={model.bundle.project._id} />
      <ProjectArchivesSection projectId={model.bundle.project._id} archives={model.bundle.archives} />
      <DeleteProjectSection project={model.bundle.project} />
    </Stack>
  );
}
