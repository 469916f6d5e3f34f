import { Badge, Box, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { DocDto, VersionStatus } from '@plankurier/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../components/use-screen';
import type { ProjectModel } from '../model/project-model';
import {
  shownVersionTab,
  VERSION_TABS,
  versionsByStatus,
  versionTabChoice,
  type VersionTabChoice,
} from '../model/version-tabs';
import { PrepareVersionForm } from './PrepareVersionForm';
import { VersionCard } from './VersionCard';
import { QrSection } from '../qr/QrSection';

/** The 'Versionen' tab: status tabs, 'Nächste Version vorbereiten' and the versions of the chosen status. */
export function VersionsPanel({ model, doc }: { model: ProjectModel; doc: DocDto }) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const groups = useMemo(() => versionsByStatus(model.versionsByDoc.get(doc._id) ?? []), [model, doc._id]);
  const [choice, setChoice] = useState<VersionTabChoice | null>(null);
  const [preparing, setPreparing] = useState(false);
  const tab = shownVersionTab(groups, doc._id, choice);
  const current = groups.current[0] ?? null;
  const canPrepare = groups.preparation.length === 0;
  const phone = useScreen() === 'phone';

  return (
    <Stack gap="md">
      {/* Its words are not squeezed: where the four do not fit (a phone), they scroll sideways. */}
      <Box style={{ overflowX: 'auto' }} data-testid="version-tabs">
        <SegmentedControl
          fullWidth
          miw="max-content"
          size="xs"
          // A phone's panel is a little narrower than the desktop's 28rem: the four tabs keep their words.
          styles={phone ? { label: { paddingInline: 4 } } : undefined}
          aria-label={t('context.versionTabsLabel')}
          value={tab}
          onChange={(value) => setChoice(versionTabChoice(value as VersionStatus, doc._id, groups))}
          data={VERSION_TABS.map((status) => ({
            value: status,
            label: (
              <Group gap={4} justify="center" wrap="nowrap">
                <span>{t(`context.versionTabs.${status}`)}</span>
                {groups[status].length ? (
                  <Badge size="xs" variant="light" color={status === 'preparation' ? 'yellow' : 'gray'} circle>
                    {groups[status].length}
                  </Badge>
                ) : null}
              </Group>
            ),
          }))}
        />
      </Box>
      {canPrepare && !preparing ? (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setPreparing(true)}>
          {t('context.prepareNext')}
        </Button>
      ) : null}
      {preparing && canPrepare ? (
        <PrepareVersionForm
          projectId={projectId}
          docId={doc._id}
          lastIndex={current?.index ?? null}
          onDone={() => setPreparing(false)}
        />
      ) : null}
      {groups[tab].length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t(`context.empty.${tab}`)}
        </Text>
      ) : (
        groups[tab].map((version) => (
          <VersionCard
            key={version._id}
            projectId={projectId}
            doc={doc}
            version={version}
            files={model.filesByVersion.get(version._id) ?? []}
          />
        ))
      )}
      <QrSection model={model} doc={doc} />
    </Stack>
  );
}
