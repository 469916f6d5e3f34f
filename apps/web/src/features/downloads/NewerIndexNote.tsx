import { Badge, Button, Stack, Text } from '@mantine/core';
import { formatDate, type RecipientNewerDto } from '@plankurier/shared';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';

interface NewerIndexNoteProps {
  newer: RecipientNewerDto;
  busy: boolean;
  loading: boolean;
  /** Fetches the newer index through this link (only when the office sent it to this recipient). */
  onDownload: (fileId: string) => void;
  fullWidth?: boolean;
}

/**
 * An outdated plan on an old link: which index is current, and, when the office sent it to this
 * recipient later, when it did and a button that fetches it from here.
 */
export function NewerIndexNote({ newer, busy, loading, onDownload, fullWidth = false }: NewerIndexNoteProps) {
  const { t } = useTranslation();
  const { index, sent } = newer;
  return (
    <Stack gap={6} align={fullWidth ? 'stretch' : 'flex-start'} mt={4} data-testid="newer-index">
      <Badge color="orange" variant="light" style={{ whiteSpace: 'normal', height: 'auto' }}>
        {index ? t('downloadPage.newerIndexNamed', { index }) : t('downloadPage.newerIndex')}
      </Badge>
      {index && sent ? (
        <>
          {sent.sentAt ? (
            <Text size="xs" c="dimmed">
              {t('downloadPage.newerIndexSent', { index, date: formatDate(sent.sentAt, currentLocale()) })}
            </Text>
          ) : null}
          <Button
            size="xs"
            variant="filled"
            fullWidth={fullWidth}
            leftSection={<IconDownload size={14} />}
            loading={loading}
            disabled={busy}
            onClick={() => onDownload(sent.fileId)}
          >
            {t('downloadPage.downloadNewer', { index })}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
