import { Menu } from '@mantine/core';
import type { PrintFormat } from '@plankurier/shared';
import { IconFileCertificate, IconTableExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { startPrint } from './print-store';

/**
 * 'Versandnachweis (PDF)' and '(CSV)' in a participant's or a plan's menu: the transmittal record
 * of what went to them, or of who received the plan — with downloads and confirmations.
 */
export function TransmittalMenuItems({
  projectId,
  about,
  name,
}: {
  projectId: string;
  about: { participantId: string } | { docId: string };
  name: string;
}) {
  const { t } = useTranslation();
  const print = (format: PrintFormat) =>
    void startPrint(
      { type: 'TRANSMITTAL', projectId, format, ...about },
      t(format === 'csv' ? 'prints.transmittalCsvOf' : 'prints.transmittalOf', { name }),
    );
  return (
    <>
      <Menu.Item leftSection={<IconFileCertificate size={14} />} onClick={() => print('pdf')}>
        {t('prints.transmittalPdf')}
      </Menu.Item>
      <Menu.Item leftSection={<IconTableExport size={14} />} onClick={() => print('csv')}>
        {t('prints.transmittalCsv')}
      </Menu.Item>
    </>
  );
}
