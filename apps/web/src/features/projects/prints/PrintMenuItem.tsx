import { Menu } from '@mantine/core';
import type { PrintBody } from '@plankurier/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { startPrint } from './print-store';

/** 'Drucken' in a folder's or participant's menu: the plan list of that folder, or that participant. */
export function PrintMenuItem({ body, label }: { body: PrintBody; label: string }) {
  const { t } = useTranslation();
  return (
    <Menu.Item leftSection={<IconPrinter size={14} />} onClick={() => void startPrint(body, label)}>
      {t('prints.print')}
    </Menu.Item>
  );
}
