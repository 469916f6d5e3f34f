import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../../components/EmptyHint';

/** A project tab whose content arrives with a later issue: says calmly what will appear there. */
export function LaterTabPlaceholder({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <EmptyHint icon={icon} title={title} text={text}>
      <Badge variant="light" color="gray" size="lg" radius="sm" tt="none">
        {t('project.later.badge')}
      </Badge>
    </EmptyHint>
  );
}
