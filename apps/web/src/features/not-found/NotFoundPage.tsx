import { useTranslation } from 'react-i18next';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { usePageTitle } from '../../components/use-page-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return <NotFoundPanel title={t('notFound.title')} text={t('notFound.text')} />;
}
