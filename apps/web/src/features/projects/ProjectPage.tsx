import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useProject } from '../../api/use-project';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/use-page-title';

/** The project screen; until projects can be created every id ends as 'not found'. */
export default function ProjectPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  usePageTitle(project.isPending ? undefined : t('project.notFoundTitle'));

  if (project.isPending) return <PageLoader />;
  return <NotFoundPanel title={t('project.notFoundTitle')} text={t('project.notFoundText')} />;
}
