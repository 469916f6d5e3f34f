import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { ICON_TOOLTIP_DELAY_MS, type User } from '@plankurier/shared';
import { IconBuilding, IconCheck, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOfficeSwitch } from './use-office-switch';

/**
 * In the nav bar, for people in more than one office: the office this session works in, and the
 * others. Compact (a tablet's nav bar, where the headline needs the room): the building icon alone,
 * named, with the office in its tooltip.
 */
export function OfficeMenu({ user, compact = false }: { user: User; compact?: boolean }) {
  const { t } = useTranslation();
  const { switchTo, pending } = useOfficeSwitch();
  if (user.offices.length < 2) return null;
  const current = user.offices.find((office) => office._id === user.officeId);
  const name = current?.company || t('office.unnamed');
  const label = t('office.switcher.label', { company: current?.company ?? '' });
  return (
    <Menu position="bottom-end" withinPortal>
      {compact ? (
        <Tooltip label={name} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" loading={pending} aria-label={label}>
              <IconBuilding size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
        </Tooltip>
      ) : (
        <Menu.Target>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconBuilding size={16} aria-hidden />}
            rightSection={<IconSelector size={14} aria-hidden />}
            loading={pending}
            maw="16rem"
            aria-label={label}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {name}
          </Button>
        </Menu.Target>
      )}
      <Menu.Dropdown>
        <Menu.Label>{t('office.switcher.title')}</Menu.Label>
        {user.offices.map((office) => (
          <Menu.Item
            key={office._id}
            leftSection={office._id === user.officeId ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
            rightSection={<span>{t(`office.roles.${office.role}`)}</span>}
            disabled={office._id === user.officeId}
            onClick={() => switchTo(office)}
          >
            {office.company || t('office.unnamed')}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
