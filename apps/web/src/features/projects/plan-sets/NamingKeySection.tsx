import { Badge, Button, Grid, Group, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  INDEX_STYLES,
  KnownNumbers,
  parseNamingPattern,
  parsePlanFilename,
  type IndexStyle,
  type NamingKey,
} from '@plankurier/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/FormSection';
import { errorText } from '../../../notifications/error-text';
import { notifySuccess } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';
import { namingContextOf, sameNamingKey } from './plan-set-model';
import { useNamingKey, useSaveNamingKey } from './use-naming-key';

/** Names as offices write them, for the preview until the project has files of its own. */
const DEFAULT_SAMPLES = [
  'A-101_Grundriss EG_C.pdf',
  '2026-014_LP5_A_102_B.dwg',
  'GR-EG-01c.pdf',
  'TWP-S-201-02_Bewehrung Decke.pdf',
  'HPW-ARC-ZZ-00-DR-A-1001_P03.pdf',
];

/** Sample names: the latest file names of the project's plans, else common ones. */
function samplesOf(model: ProjectModel): string {
  const names = [
    ...new Set(
      model.bundle.files.filter((f) => f.kind === 'pdf' || f.kind === 'dwg' || f.kind === 'dxf').map((f) => f.filename),
    ),
  ].slice(-5);
  return (names.length >= 3 ? names : DEFAULT_SAMPLES).join('\n');
}

/**
 * Project settings: the naming key of plan sets — a pattern of fields and separators and the index
 * style — with a live preview of what it reads from sample names.
 */
export function NamingKeySection({ model }: { model: ProjectModel }) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const saved = useNamingKey(projectId);
  const save = useSaveNamingKey(projectId);
  const [pattern, setPattern] = useState('');
  const [indexStyle, setIndexStyle] = useState<IndexStyle>('auto');
  const [samples, setSamples] = useState(() => samplesOf(model));
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    setPattern(saved.key.pattern ?? '');
    setIndexStyle(saved.key.indexStyle);
  }, [saved.key]);

  const key: NamingKey = { pattern: pattern.trim() || null, indexStyle };
  const patternProblem = key.pattern ? parseNamingPattern(key.pattern) : null;
  const patternError = patternProblem && !patternProblem.ok ? t(`msg.${patternProblem.problem}`) : serverError;
  const known = useMemo(() => new KnownNumbers(model.bundle.docs.map((d) => d.number)), [model.bundle.docs]);
  const context = useMemo(() => ({ ...namingContextOf(model), knownNumbers: known }), [model, known]);
  const preview = samples
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 20)
    .map((name) => parsePlanFilename(name, key, context));

  const submit = () =>
    save.mutate(key, {
      onSuccess: () => {
        setServerError(null);
        notifySuccess('planSet.namingKey.saved');
      },
      onError: (err) => setServerError(errorText(err)),
    });

  return (
    <FormSection title={t('planSet.namingKey.title')} description={t('planSet.namingKey.description')}>
      <Stack gap="md">
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={t('planSet.namingKey.pattern')}
              placeholder={t('planSet.namingKey.patternPlaceholder')}
              description={t('planSet.namingKey.patternHelp')}
              value={pattern}
              onChange={(e) => {
                setPattern(e.currentTarget.value);
                setServerError(null);
              }}
              error={patternError}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('planSet.namingKey.indexStyle')}
              data={INDEX_STYLES.map((style) => ({ value: style, label: t(`planSet.namingKey.styles.${style}`) }))}
              value={indexStyle}
              onChange={(value) => value && setIndexStyle(value as IndexStyle)}
              allowDeselect={false}
            />
          </Grid.Col>
        </Grid>
        <Textarea
          label={t('planSet.namingKey.samples')}
          description={t('planSet.namingKey.samplesHelp')}
          value={samples}
          onChange={(e) => setSamples(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t('planSet.namingKey.previewLabel')} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('planSet.namingKey.preview.filename')}</Table.Th>
                <Table.Th>{t('planSet.namingKey.preview.number')}</Table.Th>
                <Table.Th>{t('planSet.namingKey.preview.name')}</Table.Th>
                <Table.Th>{t('planSet.namingKey.preview.index')}</Table.Th>
                <Table.Th>{t('planSet.namingKey.preview.via')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map((parsed, i) => (
                <Table.Tr key={`${i}:${parsed.filename}`}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{parsed.filename}</Table.Td>
                  <Table.Td ff="monospace">
                    {parsed.number ?? (
                      <Text span size="sm" c="dimmed">
                        {t('planSet.namingKey.notRead')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{parsed.name}</Table.Td>
                  <Table.Td ff="monospace">{parsed.index ?? '–'}</Table.Td>
                  <Table.Td>
                    {parsed.via ? (
                      <Badge variant="light" color={parsed.via === 'pattern' ? 'brand' : 'gray'} size="sm">
                        {t(`planSet.namingKey.via.${parsed.via}`)}
                      </Badge>
                    ) : null}
                    {parsed.convention && parsed.via !== 'pattern' ? (
                      <Text size="xs" c="dimmed">
                        {t(`planSet.convention.${parsed.convention}`)}
                      </Text>
                    ) : null}
                    {parsed.flag ? (
                      <Text size="xs" c="red.7">
                        {t(`planSet.problem.reading_${parsed.flag.reason}`, parsed.flag.params)}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={Boolean(patternProblem && !patternProblem.ok) || sameNamingKey(key, saved.key)}
          >
            {t('planSet.namingKey.save')}
          </Button>
        </Group>
      </Stack>
    </FormSection>
  );
}
