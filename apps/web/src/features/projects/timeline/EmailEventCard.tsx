import { Badge, Box, Button, Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { TimelineEventDto } from '@plankurier/shared';
import { IconChevronDown, IconChevronRight, IconMail } from '@tabler/icons-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../components/use-screen';
import { RevokeLinkButton } from '../deliver/RevokeLinkButton';
import { EmailBounceBadge, EmailBounceDetails } from './EmailBounce';
import { PlanDownloads, ReceiptBadge, ReceiptDetails } from './EmailProof';
import { RevokedLinkBadge, RevokedLinkNote } from './RevokedLink';
import { emailEventInfo } from './event-sentence';
import { EMAIL_EVENT_HEIGHTS, emailEventHeight } from './event-height';
import { eventDateTime } from './event-view';

interface EmailEventCardProps {
  projectId: string;
  event: TimelineEventDto;
  expanded: boolean;
  onToggle: () => void;
}

/**
 * One sent e-mail (spec §9 heights): collapsed a 40px line — recipient, subject, plan count, sent
 * time; expanded also the plans (a 40px row each) and the cover message (at most 180px, scrolls).
 */
export function EmailEventCard({ projectId, event, expanded, onToggle }: EmailEventCardProps) {
  const { t } = useTranslation();
  const info = emailEventInfo(event);
  const bodyId = useId();
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  const screen = useScreen();
  const phone = screen === 'phone';
  // Below a desktop the line stacks: beside the name, the date and the badges the subject had room
  // for 'Projekt: …' only (issue 37).
  const stacked = screen !== 'desktop';
  const docCount = t('timeline.email.docCount', { count: info.docs.length });
  const recipient = info.recipientName || info.recipientEmail;
  // Bounce, revoked link and the number of plans: at the line's end on a desktop, beside the name below one.
  const badges = (
    <>
      <EmailBounceBadge event={event} />
      <ReceiptBadge proof={event.proof} />
      <RevokedLinkBadge link={event.link} />
      <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
        {docCount}
      </Badge>
    </>
  );
  const offScreenHeight =
    emailEventHeight({
      expanded,
      docCount: info.docs.length,
      hasUserMessage: Boolean(info.userMessage),
      hasReceipt: Boolean(event.proof?.receipt.requested || event.proof?.receipt.confirmation),
    }) - EMAIL_EVENT_HEIGHTS.gap;
  return (
    <Paper
      withBorder
      radius="md"
      component="li"
      aria-label={t('timeline.email.label', { recipient })}
      // Long timelines: the browser skips laying out events off screen and reserves their spec height.
      style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${offScreenHeight}px` }}
    >
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={bodyId}
        w="100%"
        px={phone ? 'sm' : 'md'}
        py={stacked ? 6 : undefined}
        mih={40}
        style={{ display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)' }}
      >
        <Chevron size={16} aria-hidden style={{ flexShrink: 0 }} />
        <ThemeIcon variant="light" size="md" radius="xl" aria-hidden>
          <IconMail size={16} />
        </ThemeIcon>
        {stacked ? (
          // Phones and tablets stack the line: who and how many plans, then the whole subject and when.
          <Stack gap={2} flex={1} miw={0}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} truncate="end" flex={1}>
                {recipient}
              </Text>
              {badges}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {info.subject}
            </Text>
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {eventDateTime(event.createdAt)}
            </Text>
          </Stack>
        ) : (
          <>
            <Text size="sm" fw={600} truncate="end" maw="18rem">
              {recipient}
            </Text>
            <Text size="sm" flex={1} truncate="end" title={info.subject}>
              {info.subject}
            </Text>
            {badges}
            <Text
              size="sm"
              c="dimmed"
              w="9.5rem"
              ta="right"
              style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
            >
              {eventDateTime(event.createdAt)}
            </Text>
          </>
        )}
      </UnstyledButton>
      {expanded ? (
        <Stack
          id={bodyId}
          gap={0}
          px="md"
          pb="sm"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group gap="xs" mih={40}>
            <Text size="sm" c="dimmed">
              {t('timeline.email.to')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {info.recipientName && info.recipientEmail && info.recipientName !== info.recipientEmail
                ? `${info.recipientName} <${info.recipientEmail}>`
                : recipient}
            </Text>
            <Text size="sm" c="dimmed" ml="auto">
              {t('timeline.email.sentBy', { name: event.actor?.name ?? t('timeline.actorGone') })}
            </Text>
            {event.link?.revokedAt ? (
              <RevokedLinkNote revokedAt={event.link.revokedAt} />
            ) : event.link ? (
              <RevokeLinkButton projectId={projectId} recipientId={event.link.recipientId} recipient={recipient} />
            ) : null}
          </Group>
          <EmailBounceDetails event={event} />
          <ReceiptDetails proof={event.proof} />
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('timeline.email.docsLabel')}>
            {info.docs.map((doc) => (
              <Box key={doc.docId || doc.number} component="li" pb={6} data-doc={doc.number}>
                <Group gap={phone ? 'xs' : 'md'} mih={40} wrap="nowrap">
                  <Text size="sm" ff="monospace" w={phone ? '4.5rem' : '7rem'} truncate="end" style={{ flexShrink: 0 }}>
                    {doc.number}
                  </Text>
                  <Text size="sm" flex={1} miw={0} truncate="end" title={doc.name}>
                    {doc.name}
                  </Text>
                  <Text size="sm" ff="monospace" w={phone ? '1.5rem' : '3rem'} style={{ flexShrink: 0 }}>
                    {doc.index}
                  </Text>
                  <Group gap={4} w={phone ? undefined : '9rem'} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {doc.formats.map((format) => (
                      <Badge key={format} size="sm" variant="outline" color="gray.7">
                        {format.toUpperCase()}
                      </Badge>
                    ))}
                  </Group>
                </Group>
                <Box pl={phone ? 0 : 'calc(7rem + var(--mantine-spacing-md))'} mt={-8}>
                  <PlanDownloads
                    formats={doc.formats}
                    downloads={(event.proof?.downloads ?? []).filter((d) => d.docId === doc.docId)}
                  />
                </Box>
              </Box>
            ))}
          </Box>
          {info.userMessage ? <CoverMessage text={info.userMessage} /> : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The cover message's box before it is opened whole (spec §9: 180 px). */
const MESSAGE_HEIGHT = 180;

/**
 * The cover message: at most 180 px; a longer one (a narrow screen wraps more lines) says so with a
 * button that shows it whole, rather than cutting its last line without a sign (issue 37).
 */
function CoverMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const [whole, setWhole] = useState(false);
  const [longer, setLonger] = useState(false);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || whole) return;
    const measure = () => setLonger(box.scrollHeight > box.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [text, whole]);
  return (
    <Box mt="xs">
      <Box
        ref={boxRef}
        p="sm"
        mah={whole ? undefined : MESSAGE_HEIGHT}
        bg="var(--mantine-color-gray-light)"
        style={{ overflow: 'hidden', borderRadius: 4 }}
        data-message-whole={whole || !longer || undefined}
      >
        <Text size="xs" c="dimmed" mb={4}>
          {t('timeline.email.message')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      </Box>
      {longer || whole ? (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={() => setWhole((w) => !w)} aria-expanded={whole}>
          {t(whole ? 'timeline.email.messageShorter' : 'timeline.email.messageWhole')}
        </Button>
      ) : null}
    </Box>
  );
}
