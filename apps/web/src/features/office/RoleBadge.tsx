import { Badge } from '@mantine/core';
import type { OfficeRole } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';

const ROLE_COLORS: Record<OfficeRole, string> = { owner: 'grape', admin: 'blue', member: 'gray' };

/** 'Inhaber', 'Administrator' or 'Mitglied' as a small badge. */
export function RoleBadge({ role }: { role: OfficeRole }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} radius="sm" tt="none" style={{ flexShrink: 0 }}>
      {t(`office.roles.${role}`)}
    </Badge>
  );
}
