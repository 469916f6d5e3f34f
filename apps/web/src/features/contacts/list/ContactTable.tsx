import { ActionIcon, Badge, Group, Menu, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  contactDisplayName,
  ICON_TOOLTIP_DELAY_MS,
  TOOLTIP_DELAY_MS,
  type ContactDto,
  type ContactSortField,
} from '@plankurier/shared';
import { IconDots, IconEye, IconLock, IconMailCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../components/use-screen';
import { truncateEmail, type ContactSort } from './contact-view';
import { SortableTh } from './SortableTh';
import { ValidationBadge } from './ValidationBadge';

/** The table has the room for longer addresses than a narrow list (spec §5: cut at maxChars). */
const TABLE_EMAIL_MAX_CHARS = 48;
/** The address column keeps room for a line of an address; the confirmation column gives it up. */
const EMAIL_WRAP = { minWidth: '11rem' } as const;

/** An address may break after its '@' and its dots, never inside a word. */
const breakableEmail = (email: string) =>
  email.split(/(?<=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
const WHOLE_BADGE = { root: { overflow: 'visible', flex: 'none' }, label: { overflow: 'visible' } } as const;
/**
 * The row's menu stays at the right edge when a narrow screen scrolls the table sideways: reachable
 * without a swipe nothing hints at.
 */
const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  zIndex: 1,
} as const;

interface ContactTableProps {
  contacts: readonly ContactDto[];
  sort: ContactSort;
  onSort: (field: ContactSortField) => void;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
  onRequestValidation: (contact: ContactDto) => void;
}

/**
 * Name | company | e-mail | formats | confirmation | actions; a click on a row edits the contact. A
 * participant of a project the person does not work in is shown with a lock and opens to be read:
 * its changes are refused, and the tooltip says why.
 */
export function ContactTable({ contacts, sort, onSort, onEdit, onDelete, onRequestValidation }: ContactTableProps) {
  const { t } = useTranslation();
  const desktop = useScreen() === 'desktop';
  return (
    // Narrower gaps below a desktop: a tablet's table then fits its frame, nothing under the sticky menu.
    <Table highlightOnHover verticalSpacing={6} horizontalSpacing={desktop ? 'md' : 'xs'} stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <SortableTh field="lastName" sort={sort} onSort={onSort}>
            {t('contacts.columns.name')}
          </SortableTh>
          <SortableTh field="company" sort={sort} onSort={onSort}>
            {t('contacts.columns.company')}
          </SortableTh>
          <SortableTh field="email" sort={sort} onSort={onSort}>
            {t('contacts.columns.email')}
          </SortableTh>
          <Table.Th>{t('contacts.columns.formats')}</Table.Th>
          {/* As wide as its heading or badge, which may wrap: the room goes to the addresses. */}
          <Table.Th w="1%">{t('contacts.columns.validation')}</Table.Th>
          <Table.Th w="3.5rem" style={STICKY_ACTIONS}>
            <VisuallyHidden>{t('contacts.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((contact) => {
          const name = contactDisplayName(contact);
          const email = truncateEmail(contact.email, TABLE_EMAIL_MAX_CHARS);
          return (
            <Table.Tr key={contact._id} style={{ cursor: 'pointer' }} onClick={() => onEdit(contact)}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {contact.inForeignProject ? (
                    <Tooltip
                      label={t('contacts.readOnly.tooltip')}
                      openDelay={ICON_TOOLTIP_DELAY_MS}
                      maw="28rem"
                      multiline
                    >
                      <IconLock
                        size={14}
                        color="var(--mantine-color-gray-6)"
                        aria-label={t('contacts.readOnly.label')}
                        role="img"
                        data-testid="contact-read-only"
                      />
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{contact.company}</Text>
              </Table.Td>
              <Table.Td>
                {email === contact.email ? (
                  <Text size="sm" style={EMAIL_WRAP}>
                    {breakableEmail(contact.email)}
                  </Text>
                ) : (
                  <Tooltip label={contact.email} openDelay={TOOLTIP_DELAY_MS} maw="28rem" multiline>
                    <Text size="sm" style={EMAIL_WRAP}>
                      {breakableEmail(email)}
                    </Text>
                  </Tooltip>
                )}
              </Table.Td>
              <Table.Td>
                {/* Never narrower than its badges: a badge cut to 'P…' names no format. */}
                <Group gap={4} wrap="nowrap" miw="max-content">
                  {contact.needsPdf ? (
                    <Badge size="sm" radius="sm" variant="outline" color="gray.7" styles={WHOLE_BADGE}>
                      {t('contacts.form.pdf')}
                    </Badge>
                  ) : null}
                  {contact.needsTec ? (
                    <Tooltip label={t('contacts.tecHint')} openDelay={TOOLTIP_DELAY_MS}>
                      <Badge size="sm" radius="sm" variant="outline" color="blue" styles={WHOLE_BADGE}>
                        {t('contacts.form.tec')}
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <ValidationBadge state={contact.state.validation} />
              </Table.Td>
              <Table.Td onClick={(e) => e.stopPropagation()} style={STICKY_ACTIONS}>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('contacts.actionsFor', { name })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  {contact.inForeignProject ? (
                    <Menu.Dropdown maw="20rem">
                      <Menu.Label style={{ whiteSpace: 'normal' }}>{t('contacts.readOnly.short')}</Menu.Label>
                      <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onEdit(contact)}>
                        {t('contacts.view')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconMailCheck size={16} />} disabled>
                        {t('contacts.requestValidation')}
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} disabled>
                        {t('common.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  ) : (
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(contact)}>
                        {t('contacts.edit')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconMailCheck size={16} />} onClick={() => onRequestValidation(contact)}>
                        {t('contacts.requestValidation')}
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(contact)}>
                        {t('common.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  )}
                </Menu>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
