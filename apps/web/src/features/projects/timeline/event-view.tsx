import { formatDate, formatTime, type TimelineEventDto } from '@plankurier/shared';
import {
  IconBellRinging,
  IconChecklist,
  IconDownload,
  IconRosetteDiscountCheck,
  IconCircleCheck,
  IconFileOff,
  IconFileStack,
  IconFilePlus,
  IconFileX,
  IconMail,
  IconPoint,
  IconTrash,
  IconTruckDelivery,
  IconUpload,
  IconUserMinus,
  IconMailCog,
  IconUserPlus,
  IconVersions,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../../i18n';
import type { EventSentence } from './event-sentence';

const KIND_ICONS: Record<string, { icon: typeof IconPoint; color: string }> = {
  'doc.created': { icon: IconFilePlus, color: 'blue' },
  'doc.deleted': { icon: IconFileX, color: 'red' },
  'doc.withdrawn': { icon: IconFileX, color: 'orange' },
  'version.prepared': { icon: IconVersions, color: 'gray' },
  'version.released': { icon: IconCircleCheck, color: 'green' },
  'version.deleted': { icon: IconTrash, color: 'red' },
  'file.uploaded': { icon: IconUpload, color: 'blue' },
  'file.deleted': { icon: IconFileOff, color: 'red' },
  'participant.added': { icon: IconUserPlus, color: 'blue' },
  'participant.removed': { icon: IconUserMinus, color: 'red' },
  'participant.email_changed': { icon: IconMailCog, color: 'orange' },
  'subscription.changed': { icon: IconChecklist, color: 'grape' },
  'shipment.recorded': { icon: IconTruckDelivery, color: 'teal' },
  'shipment.updated': { icon: IconTruckDelivery, color: 'teal' },
  'shipment.deleted': { icon: IconTruckDelivery, color: 'red' },
  'file.downloaded': { icon: IconDownload, color: 'teal' },
  'receipt.confirmed': { icon: IconRosetteDiscountCheck, color: 'green' },
  'receipt.reminded': { icon: IconBellRinging, color: 'orange' },
  'planset.uploaded': { icon: IconFileStack, color: 'indigo' },
};

/** The icon and its colour for an event kind; e-mails get the envelope. */
export const kindIcon = (event: TimelineEventDto) =>
  event.type === 'EMAIL'
    ? { icon: IconMail, color: 'blue' }
    : (KIND_ICONS[event.kind] ?? { icon: IconPoint, color: 'gray' });

/** '21.11.2026 10:05' in German, '11/21/2026 10:05' otherwise. */
export const eventDateTime = (createdAt: string) =>
  `${formatDate(createdAt, currentLocale())} ${formatTime(createdAt)}`;

/** The translated sentence, with parameters that are themselves i18n keys translated first. */
export function sentenceText(t: TFunction, sentence: EventSentence): string {
  const params = Object.fromEntries(
    Object.entries(sentence.params).map(([name, value]) => [
      name,
      typeof value === 'string' || typeof value === 'number' ? value : t(value.key),
    ]),
  );
  return t(sentence.key, params);
}
