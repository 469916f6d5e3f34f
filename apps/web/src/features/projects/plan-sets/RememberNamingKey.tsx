import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import {
  inferNamingKey,
  previewNamingKey,
  type NamingContext,
  type NamingKey,
  type ReviewFile,
} from '@plankurier/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../notifications/error-text';
import { notifySuccess } from '../../../notifications/notify';
import { useSaveNamingKey } from './use-naming-key';

interface RememberNamingKeyProps {
  projectId: string;
  /** The row the office corrected last (its number and index as set now). */
  corrected: ReviewFile | null;
  files: readonly ReviewFile[];
  namingKey: NamingKey;
  /** As the review reads the names: the project's number, phases and plan numbers. */
  context: NamingContext;
}

const SHOWN_CHANGES = 5;

/**
 * After the office corrected a row: the naming key read from that name, what it would read of the
 * other names of the drop, and an offer to keep it as the project's key (used from then on, for
 * this drop too). Not offered when no key reads the corrected name back exactly.
 */
export function RememberNamingKey({ projectId, corrected, files, namingKey, context }: RememberNamingKeyProps) {
  const { t } = useTranslation();
  const save = useSaveNamingKey(projectId);
  const [declined, setDeclined] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const offer = useMemo(() => {
    if (!corrected?.number) return null;
    const key = inferNamingKey(corrected.filename, { number: corrected.number, index: corrected.index }, context);
    if (!key || key.pattern === namingKey.pattern) return null;
    const others = files.filter((f) => f.kind && f.key !== corrected.key);
    return { key, preview: previewNamingKey(key, others, context) };
  }, [corrected, files, namingKey, context]);

  if (!offer || declined === offer.key.pattern) return null;
  const { key, preview } = offer;

  const remember = () =>
    save.mutate(key, {
      onSuccess: () => {
        setError(null);
        notifySuccess('planSet.namingKey.remembered');
      },
      onError: (err) => setError(errorText(err)),
    });

  return (
    <Alert color="blue" variant="light" title={t('planSet.remember.title')} data-testid="remember-naming-key">
      <Stack gap={6}>
        <Text size="sm">
          {t('planSet.remember.from', { filename: corrected!.filename })} <Code>{key.pattern}</Code>
        </Text>
        <Text size="sm">
          {t('planSet.remember.reads', { count: preview.total, read: preview.read, changed: preview.changed.length })}
        </Text>
        {preview.changed.length > 0 ? (
          <List size="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
            {preview.changed.slice(0, SHOWN_CHANGES).map(({ filename, before, after }) => (
              <List.Item key={filename}>
                {t('planSet.remember.change', {
                  filename,
                  after: [after.number ?? '–', after.index ?? '–'].join(' · '),
                  before: [before.number ?? '–', before.index ?? '–'].join(' · '),
                })}
              </List.Item>
            ))}
            {preview.changed.length > SHOWN_CHANGES ? (
              <List.Item>{t('planSet.remember.more', { count: preview.changed.length - SHOWN_CHANGES })}</List.Item>
            ) : null}
          </List>
        ) : null}
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button size="xs" onClick={remember} loading={save.isPending}>
            {t('planSet.remember.keep')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setDeclined(key.pattern)}>
            {t('planSet.remember.decline')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
