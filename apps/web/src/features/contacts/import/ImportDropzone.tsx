import { Alert, Group, Stack, Text } from '@mantine/core';
import { FileDropzone, type FileRejection } from '../../../components/file-dropzone/FileDropzone';
import { IconFileImport, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useImportInfo, useStartImport } from '../../../api/use-contacts';
import { errorText } from '../../../notifications/error-text';

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.txt', '.csv', '.tsv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/vcard': ['.vcf', '.vcard'],
  'text/x-vcard': ['.vcf', '.vcard'],
};
/** Spreadsheets are refused with the way to a CSV (the server says the same). */
const SPREADSHEET = /\.(xlsx|xlsm|xls|ods|numbers)$/i;

/** Drop zone and file picker for one .csv, .txt or .vcf; the import starts at once. */
export function ImportDropzone() {
  const { t } = useTranslation();
  const start = useStartImport();
  const info = useImportInfo();
  const [error, setError] = useState<string | null>(null);

  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setError(null);
    start.mutate(file, {
      onError: (err) => {
        setError(errorText(err));
        if (isApiError(err) && err.msgCode === 'import.in_progress') void info.refetch();
      },
    });
  };

  const onReject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    const tooMany = rejections.length > 1 || rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
    const spreadsheet = rejections.some((r) => SPREADSHEET.test(r.file.name));
    setError(
      t(
        tooLarge
          ? 'msg.import.too_large'
          : tooMany
            ? 'contacts.import.oneFile'
            : spreadsheet
              ? 'msg.import.spreadsheet'
              : 'msg.import.file_type',
      ),
    );
  };

  return (
    <Stack gap="sm">
      <FileDropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={ACCEPT}
        maxSize={MAX_IMPORT_BYTES}
        multiple={false}
        loading={start.isPending}
        aria-label={t('contacts.import.dropLabel')}
      >
        <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
          <FileDropzone.Accept>
            <IconUpload size={44} stroke={1.5} color="var(--mantine-color-blue-6)" />
          </FileDropzone.Accept>
          <FileDropzone.Reject>
            <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" />
          </FileDropzone.Reject>
          <FileDropzone.Idle>
            <IconFileImport size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </FileDropzone.Idle>
          <div>
            <Text size="lg" fw={600}>
              {t('contacts.import.dropTitle')}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t('contacts.import.dropHint')}
            </Text>
          </div>
        </Group>
      </FileDropzone>
      {error ? (
        <Alert color="red" icon={<IconX size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
