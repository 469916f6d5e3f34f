import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to '<page> – Plankurier'. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const app = t('common.appName');
  useDocumentTitle(title ? `${title} – ${app}` : app);
}
