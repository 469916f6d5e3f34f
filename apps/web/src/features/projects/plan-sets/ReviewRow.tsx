import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { SetFileEdit, SetProblem } from '@plankurier/shared';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCircleCheck,
  IconCircleMinus,
  IconCircleX,
  IconCopyCheck,
  IconInfoCircle,
  IconCheck,
  IconPencil,
  IconX,
} from '@tabler/icons-react';
import { memo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewRow } from './plan-set-model';
import type { TitleBlockState } from './use-title-blocks';

export interface RowHandlers {
  /** teaches: false when the change is no correction of how the name was read (a title block's reading chosen). */
  edit: (fileKey: string, change: SetFileEdit, options?: { teaches?: boolean }) => void;
  startEditing: (fileKey: string) => void;
  stopEditing: () => void;
  folderOptions: { value: string; label: string }[];
  folderName: (folderId: string) => string;
}

interface RowProps {
  row: ReviewRow;
  editing: boolean;
  titleBlock: TitleBlockState | undefined;
  handlers: RowHandlers;
}

interface LineProps extends RowProps {
  /** The row's place in the virtual table, and how the table measures its height. */
  index: number;
  measureRef: (element: HTMLTableRowElement | null) => void;
}

const LEVEL_COLOR = { block: 'red', warn: 'orange', info: 'blue' } as const;
const mono = { fontVariantNumeric: 'tabular-nums' } as const;

const alreadyThere = (row: ReviewRow) => row.file.problems.find((p) => p.code === 'already_there');

function StatusIcon({ row }: { row: ReviewRow }) {
  if (row.file.skip && alreadyThere(row))
    return <IconCopyCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />;
  if (row.file.skip) return <IconCircleMinus size={18} color="var(--mantine-color-gray-5)" aria-hidden />;
  if (row.level === 'block') return <IconCircleX size={18} color="var(--mantine-color-red-6)" aria-hidden />;
  if (row.level === 'warn') return <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" aria-hidden />;
  return <IconCircleCheck size={18} color="var(--mantine-color-green-6)" aria-hidden />;
}

/** What the row says (problems with their suggestion, the title block's reading) and the buttons that act on it. */
function Notes({ row, titleBlock, handlers }: Omit<RowProps, 'editing'>) {
  const { t } = useTranslation();
  const { file } = row;
  const there = alreadyThere(row);
  if (file.skip && there) {
    // The same content is in the project: no new index, unless the office keeps it.
    return (
      <Stack gap={2}>
        <Text size="xs" c="teal.8">
          {t('planSet.problem.already_there', there.params)}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          color="gray"
          w="fit-content"
          onClick={() => handlers.edit(file.key, { skip: false })}
        >
          {t('planSet.action.keep')}
        </Button>
      </Stack>
    );
  }
  if (file.skip) {
    const nonPlan = file.problems.find((p) => p.code === 'not_a_plan');
    return (
      <Text size="xs" c="dimmed">
        {nonPlan ? t('planSet.problem.not_a_plan', nonPlan.params) : t('planSet.review.leftOut')}
      </Text>
    );
  }
  const act = (problem: SetProblem) => {
    const { action, value } = problem.suggestion;
    if (action === 'set_index' && value && problem.code !== 'prepared_index_changes')
      return () => handlers.edit(file.key, { index: value });
    if (action === 'skip') return () => handlers.edit(file.key, { skip: true });
    if (action === 'set_number') return () => handlers.startEditing(file.key);
    return null;
  };
  return (
    <Stack gap={4}>
      {row.problems.map((problem, i) => {
        if (problem.code.startsWith('reading_title_block_'))
          return <TitleBlockConflict key={`${problem.code}:${i}`} row={row} problem={problem} handlers={handlers} />;
        if (problem.code.startsWith('reading_'))
          return <ReadingNote key={`${problem.code}:${i}`} row={row} problem={problem} handlers={handlers} />;
        const onClick = act(problem);
        const Icon =
          problem.level === 'info' ? IconInfoCircle : problem.level === 'warn' ? IconAlertTriangle : IconCircleX;
        return (
          <Group key={`${problem.code}:${i}`} gap={6} wrap="nowrap" align="flex-start">
            <Icon
              size={14}
              color={`var(--mantine-color-${LEVEL_COLOR[problem.level]}-6)`}
              style={{ flexShrink: 0, marginTop: 2 }}
              aria-hidden
            />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="xs" c={problem.level === 'info' ? 'dimmed' : `${LEVEL_COLOR[problem.level]}.8`}>
                {t(`planSet.problem.${problem.code}`, problem.params)}
              </Text>
              {onClick ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  color={LEVEL_COLOR[problem.level]}
                  onClick={onClick}
                  w="fit-content"
                >
                  {t(`planSet.action.${problem.suggestion.action}`, { value: problem.suggestion.value ?? '' })}
                </Button>
              ) : problem.level !== 'info' &&
                problem.suggestion.action !== 'create_plan' &&
                problem.suggestion.action !== 'read_title_block' ? (
                <Text size="xs" c="dimmed">
                  {t(`planSet.action.${problem.suggestion.action}`, { value: problem.suggestion.value ?? '' })}
                </Text>
              ) : null}
            </Stack>
          </Group>
        );
      })}
      {titleBlock && file.problems.some((p) => p.code === 'no_number') ? (
        <TitleBlockNote state={titleBlock} onTake={(change) => handlers.edit(file.key, change)} />
      ) : null}
    </Stack>
  );
}

/** A reading the reader is unsure of: why, and the readings to choose from (the taken one first). */
function ReadingNote({ row, problem, handlers }: { row: ReviewRow; problem: SetProblem; handlers: RowHandlers }) {
  const { t } = useTranslation();
  const { file } = row;
  const { parsed } = file;
  const choices = [{ number: parsed.number, index: parsed.index }, ...parsed.alternatives];
  return (
    <Stack gap={2} data-reading={problem.code}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleX size={14} color="var(--mantine-color-red-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Text size="xs" c="red.8">
          {t(`planSet.problem.${problem.code}`, problem.params)}
        </Text>
      </Group>
      <Group gap={4}>
        {choices.map((choice, i) => (
          <Button
            key={`${choice.number}|${choice.index}|${i}`}
            size="compact-xs"
            variant={i === 0 ? 'light' : 'default'}
            color="red"
            onClick={() =>
              handlers.edit(file.key, {
                ...(choice.number ? { number: choice.number } : {}),
                ...(choice.index ? { index: choice.index } : {}),
              })
            }
          >
            {t('planSet.reading.take', {
              number: choice.number ?? '–',
              index: choice.index ?? t('planSet.reading.none'),
            })}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** The name and the title block disagree: which says what, and both readings to choose from (the name's first). */
function TitleBlockConflict({
  row,
  problem,
  handlers,
}: {
  row: ReviewRow;
  problem: SetProblem;
  handlers: RowHandlers;
}) {
  const { t } = useTranslation();
  const { file } = row;
  return (
    <Stack gap={2} data-reading={problem.code}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleX size={14} color="var(--mantine-color-red-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Text size="xs" c="red.8">
          {t(`planSet.problem.${problem.code}`, problem.params)}
        </Text>
      </Group>
      <Group gap={4}>
        {file.titleBlock.choices.map((choice) => (
          <Button
            key={choice.source}
            size="compact-xs"
            variant={choice.source === 'name' ? 'light' : 'default'}
            color="red"
            onClick={() =>
              handlers.edit(
                file.key,
                {
                  ...(choice.number ? { number: choice.number } : {}),
                  ...(choice.index ? { index: choice.index } : {}),
                },
                { teaches: false },
              )
            }
          >
            {t(`planSet.reading.${choice.source === 'name' ? 'takeName' : 'takeTitleBlock'}`, {
              number: choice.number ?? '–',
              index: choice.index ?? t('planSet.reading.none'),
            })}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function TitleBlockNote({ state, onTake }: { state: TitleBlockState; onTake: (change: SetFileEdit) => void }) {
  const { t } = useTranslation();
  if (state.status === 'reading')
    return (
      <Group gap={6}>
        <Loader size={12} />
        <Text size="xs" c="dimmed">
          {t('planSet.review.readingTitleBlock')}
        </Text>
      </Group>
    );
  if (state.status !== 'found')
    return (
      <Text size="xs" c="dimmed">
        {t(state.status === 'nothing' ? 'planSet.review.titleBlockNothing' : 'planSet.review.titleBlockFailed')}
      </Text>
    );
  const { reading } = state;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" fw={600} style={mono}>
        {t('planSet.review.titleBlock', { number: reading.number ?? '–', index: reading.index ?? '–' })}
      </Text>
      <Button
        size="compact-xs"
        variant="filled"
        onClick={() =>
          onTake({
            ...(reading.number ? { number: reading.number } : {}),
            ...(reading.index ? { index: reading.index } : {}),
            ...(reading.name ? { name: reading.name } : {}),
          })
        }
      >
        {t('planSet.review.takeSuggestion')}
      </Button>
    </Group>
  );
}

/** The row's number, name, index and (for a new plan) folder as inputs; Enter takes them, Escape leaves them. */
function EditFields({ row, handlers, stacked }: { row: ReviewRow; handlers: RowHandlers; stacked: boolean }) {
  const { t } = useTranslation();
  const { file } = row;
  const [draft, setDraft] = useState({
    number: file.number ?? '',
    name: file.name,
    index: file.index ?? '',
    folderId: file.folderId,
  });
  const take = () =>
    handlers.edit(file.key, {
      number: draft.number,
      name: draft.name,
      index: draft.index,
      ...(file.docId ? {} : { folderId: draft.folderId }),
    });
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') take();
    if (e.key === 'Escape') {
      e.stopPropagation();
      handlers.stopEditing();
    }
  };
  const inputs = (
    <>
      <TextInput
        size="xs"
        aria-label={t('planSet.review.editNumber', { file: file.filename })}
        value={draft.number}
        onChange={(e) => setDraft({ ...draft, number: e.currentTarget.value })}
        onKeyDown={keys}
        data-autofocus
        autoFocus
        styles={{ input: mono }}
      />
      <TextInput
        size="xs"
        aria-label={t('planSet.review.editName', { file: file.filename })}
        value={draft.name}
        onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        onKeyDown={keys}
      />
      <TextInput
        size="xs"
        w={stacked ? undefined : 64}
        aria-label={t('planSet.review.editIndex', { file: file.filename })}
        value={draft.index}
        onChange={(e) => setDraft({ ...draft, index: e.currentTarget.value })}
        onKeyDown={keys}
        styles={{ input: mono }}
      />
      {file.docId ? null : (
        <NativeSelect
          size="xs"
          aria-label={t('planSet.review.editFolder', { file: file.filename })}
          data={handlers.folderOptions}
          value={draft.folderId}
          onChange={(e) => setDraft({ ...draft, folderId: e.currentTarget.value })}
        />
      )}
    </>
  );
  const buttons = (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="filled" size="md" onClick={take} aria-label={t('common.save')}>
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon variant="default" size="md" onClick={handlers.stopEditing} aria-label={t('common.cancel')}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
  return stacked ? (
    <Stack gap={6}>
      {inputs}
      {buttons}
    </Stack>
  ) : (
    <Group gap={6} wrap="nowrap" align="center">
      {inputs}
      {buttons}
    </Group>
  );
}

function IndexCell({ row }: { row: ReviewRow }) {
  const { file, group } = row;
  const current = group?.currentIndex;
  return (
    <Group gap={4} wrap="nowrap" style={{ ...mono, whiteSpace: 'nowrap' }}>
      {current ? (
        <Text size="sm" c="dimmed">
          {current} →
        </Text>
      ) : null}
      <Text size="sm" fw={700}>
        {file.index ?? '–'}
      </Text>
    </Group>
  );
}

/** Edit and leave out; a native title names them (a Mantine tooltip per row is too heavy for 200 rows). */
function RowActions({ row, handlers }: { row: ReviewRow; handlers: RowHandlers }) {
  const { t } = useTranslation();
  const { file } = row;
  const skipLabel = file.skip ? t('planSet.review.takeIn') : t('planSet.review.leaveOut');
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {file.kind && !file.skip ? (
        <ActionIcon
          variant="subtle"
          onClick={() => handlers.startEditing(file.key)}
          aria-label={`${t('planSet.review.edit')}: ${file.filename}`}
          title={t('planSet.review.edit')}
        >
          <IconPencil size={16} />
        </ActionIcon>
      ) : null}
      {file.kind ? (
        <ActionIcon
          variant="subtle"
          color={file.skip ? 'brand' : 'gray'}
          onClick={() => handlers.edit(file.key, { skip: !file.skip })}
          aria-label={`${skipLabel}: ${file.filename}`}
          title={skipLabel}
        >
          {file.skip ? <IconArrowBackUp size={16} /> : <IconCircleMinus size={16} />}
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** The file's name and format, and the convention its name was read by. */
function FileCell({ row }: { row: ReviewRow }) {
  const { t } = useTranslation();
  const { convention, flag } = row.file.parsed;
  // A title block that confirms the name's number (and index) says so beside the convention.
  const { reasons, outcome } = row.file.titleBlock;
  const confirms =
    row.file.edited || outcome !== 'agrees' || !reasons.includes('title_block_confirms_number')
      ? null
      : reasons.includes('title_block_confirms_index')
        ? 'titleBlockConfirmsBoth'
        : 'titleBlockConfirmsNumber';
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge size="xs" variant="outline" color="gray" radius="sm" style={{ flexShrink: 0 }}>
          {(row.file.kind ?? row.file.parsed.extension) || '?'}
        </Badge>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }} c={row.file.skip ? 'dimmed' : undefined}>
          {row.file.filename}
        </Text>
      </Group>
      {convention && row.file.kind ? (
        <Text size="xs" c={flag ? 'red.7' : 'dimmed'} data-convention={convention}>
          {t(`planSet.convention.${convention}`)}
          {confirms ? <span data-title-block="confirms"> · {t(`planSet.review.${confirms}`)}</span> : null}
        </Text>
      ) : null}
    </Stack>
  );
}

function NumberCell({ row }: { row: ReviewRow }) {
  const { t } = useTranslation();
  const { file } = row;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {/* Long container names ('HPW_STR_ZZ_B1_DR_S_2001') break inside the cell, never over the index. */}
      <Text size="sm" fw={600} style={{ ...mono, minWidth: 0, overflowWrap: 'anywhere' }}>
        {file.number ?? '–'}
      </Text>
      {row.group && !row.group.docId ? (
        <Badge size="xs" color="blue" variant="light" tt="none" style={{ flexShrink: 0 }}>
          {t('planSet.review.newPlan')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** What a row shows: a new review with the same content (the server's check) leaves the row as it is. */
const rowSignature = ({ file, group, problems, level, partners }: ReviewRow) =>
  JSON.stringify([
    file.key,
    file.number,
    file.name,
    file.index,
    file.folderId,
    file.skip,
    file.docId,
    file.kind,
    file.parsed.convention,
    file.parsed.alternatives,
    file.titleBlock,
    file.edited,
    group?.docId,
    group?.currentIndex,
    level,
    partners,
    problems,
  ]);

const sameRow = (a: RowProps & { index?: number }, b: RowProps & { index?: number }) =>
  a.index === b.index &&
  a.editing === b.editing &&
  a.titleBlock === b.titleBlock &&
  a.handlers === b.handlers &&
  rowSignature(a.row) === rowSignature(b.row);

/** Number and name; a new plan also says the folder it goes into. */
function PlanCell({ row, handlers }: { row: ReviewRow; handlers: RowHandlers }) {
  const { file } = row;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <NumberCell row={row} />
      <Text size="sm" lineClamp={2}>
        {file.name}
      </Text>
      {row.group && !row.group.docId ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          → {handlers.folderName(file.folderId)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One file as a line of the review table (tablets and desktops). */
export const ReviewRowLine = memo(function ReviewRowLine({
  row,
  editing,
  titleBlock,
  handlers,
  index,
  measureRef,
}: LineProps) {
  const { file } = row;
  return (
    <Table.Tr
      ref={measureRef}
      data-index={index}
      aria-rowindex={index + 2}
      data-file={file.filename}
      style={{ opacity: file.skip ? 0.6 : 1, verticalAlign: 'top' }}
    >
      <Table.Td pt={8}>
        <StatusIcon row={row} />
      </Table.Td>
      <Table.Td>
        <FileCell row={row} />
      </Table.Td>
      {editing ? (
        <Table.Td colSpan={4}>
          <EditFields row={row} handlers={handlers} stacked={false} />
        </Table.Td>
      ) : (
        <>
          <Table.Td>
            <PlanCell row={row} handlers={handlers} />
          </Table.Td>
          <Table.Td>
            <IndexCell row={row} />
          </Table.Td>
          <Table.Td>
            <Group gap={4}>
              {row.partners.map((p, i) => (
                <Badge key={`${p}${i}`} size="xs" variant="light" color="gray" radius="sm">
                  {p}
                </Badge>
              ))}
            </Group>
          </Table.Td>
          <Table.Td>
            <Notes row={row} titleBlock={titleBlock} handlers={handlers} />
          </Table.Td>
        </>
      )}
      <Table.Td>
        <RowActions row={row} handlers={handlers} />
      </Table.Td>
    </Table.Tr>
  );
}, sameRow);

/** One file as a card (phones): the same facts one under the other. */
export const ReviewRowCard = memo(function ReviewRowCard({ row, editing, titleBlock, handlers }: RowProps) {
  const { file } = row;
  return (
    <Paper withBorder radius="md" p="sm" data-file={file.filename} style={{ opacity: file.skip ? 0.6 : 1 }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <StatusIcon row={row} />
            <FileCell row={row} />
          </Group>
          <RowActions row={row} handlers={handlers} />
        </Group>
        {editing ? (
          <EditFields row={row} handlers={handlers} stacked />
        ) : (
          <Group gap="sm" wrap="wrap">
            <NumberCell row={row} />
            <Text size="sm">{file.name}</Text>
            <IndexCell row={row} />
            {row.partners.map((p, i) => (
              <Badge key={`${p}${i}`} size="xs" variant="light" color="gray" radius="sm">
                {p}
              </Badge>
            ))}
          </Group>
        )}
        <Notes row={row} titleBlock={titleBlock} handlers={handlers} />
      </Stack>
    </Paper>
  );
}, sameRow);
