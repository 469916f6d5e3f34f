import { Badge } from '@mantine/core';
import type { ValidationState } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { validationBadge } from './contact-view';

/** 'Bestätigung ausstehend' / 'bestätigt' / 'fehlgeschlagen'; nothing when never asked. */
export function ValidationBadge({ state }: { state: ValidationState | null }) {
  const { t } = useTranslation();
  const badge = validationBadge(state);
  if (!badge) return null;
  return (
    <Badge
      color={badge.color}
      variant="light"
      size="sm"
      radius="sm"
      tt="none"
      // Whole, never cut; in a narrow table its words wrap onto a second line instead.
      styles={{
        root: { maxWidth: 'none', overflow: 'visible', height: 'auto', minHeight: 'var(--badge-height)' },
        label: { overflow: 'visible', whiteSpace: 'normal', lineHeight: 1.3 },
      }}
    >
      {t(badge.key)}
    </Badge>
  );
}
