import {
  RECEIPT_REMINDER_DAYS_DEFAULT,
  applyRedOnlyFilter,
  emptySelection,
  initialSelection,
  reconcileSelection,
  toggleDoc,
  toggleDocCollapsed,
  toggleParticipant,
  toggleParticipantCollapsed,
  toggleSub,
  toggleSubscriberlist,
  toggleSubscriberlistForAll,
  type DeliveryDto,
  type DeliveryProgressEvent,
  type DeliverySelection,
  type SelectableSub,
} from '@plankurier/shared';
import { applyProgress, markStopped, mergeSnapshot } from './delivery-progress';

/** Deliver mode's two steps (spec §2 Delivery). */
export type DeliverStep = 'selection' | 'message_and_overview';
/** Which list the selection step shows: entering opens the doc list or the participant list. */
export type DeliverView = 'docs' | 'participants';

export interface DeliverMessage {
  subject: string;
  text: string;
  sendToBcc: boolean;
  /** 'Empfang bestätigen lassen': the mail asks each recipient to confirm receipt. */
  requestReceipt: boolean;
  /** With requestReceipt: remind after this many days (then as often, at most three times); null: never. */
  receiptReminderDays: number | null;
}

/** A new message: the office's choices of the last send (BCC, receipt) carry over, the text does not. */
export const newMessage = (subject: string, last?: DeliverMessage): DeliverMessage => ({
  subject,
  text: '',
  sendToBcc: last?.sendToBcc ?? false,
  requestReceipt: last?.requestReceipt ?? false,
  receiptReminderDays: last?.receiptReminderDays ?? RECEIPT_REMINDER_DAYS_DEFAULT,
});

export interface DeliverModeState {
  active: boolean;
  step: DeliverStep;
  view: DeliverView;
  selection: DeliverySelection;
  redOnly: boolean;
  message: DeliverMessage;
  /** The running or last delivery; while any receiver is PREPARING the delivery is in progress. */
  delivery: DeliveryDto | null;
  /**
   * Progress of deliveries this screen does not know yet: the senders may finish a small delivery
   * before the POST's answer arrives, and its events must not be lost.
   */
  earlyProgress: readonly DeliveryProgressEvent[];
}

/** Early events kept at most (a delivery's receivers arrive long before this many). */
const EARLY_PROGRESS_LIMIT = 1000;

export const closedDeliverMode = (): DeliverModeState => ({
  active: false,
  step: 'selection',
  view: 'docs',
  selection: emptySelection(),
  redOnly: false,
  message: newMessage(''),
  delivery: null,
  earlyProgress: [],
});

export type DeliverAction =
  | {
      type: 'enter';
      subs: readonly SelectableSub[];
      view: DeliverView;
      subject: string;
      /** Only these plans selected (a plan set just released); otherwise everything still to send. */
      docIds?: readonly string[];
    }
  | { type: 'leave' }
  /** The project's delivery still sending when the screen opened (a reload mid-delivery): its progress again. */
  | { type: 'reopen'; delivery: DeliveryDto }
  | { type: 'step'; step: DeliverStep }
  | { type: 'view'; view: DeliverView }
  | { type: 'toggleDoc'; subs: readonly SelectableSub[]; docId: string }
  | { type: 'toggleParticipant'; subs: readonly SelectableSub[]; participantId: string }
  | { type: 'toggleSub'; subs: readonly SelectableSub[]; subId: string }
  | { type: 'toggleRedOnly'; subs: readonly SelectableSub[] }
  | { type: 'reconcile'; subs: readonly SelectableSub[] }
  | { type: 'toggleDocCollapsed'; docId: string }
  | { type: 'toggleParticipantCollapsed'; participantId: string }
  | { type: 'toggleSubscriberlist'; docId: string }
  | { type: 'toggleSubscriberlistForAll'; docIds: readonly string[] }
  | { type: 'message'; change: Partial<DeliverMessage> }
  | { type: 'sendStarted'; delivery: DeliveryDto }
  | { type: 'progress'; event: DeliveryProgressEvent }
  /** The server's state of the delivery (GET /delivery/:id), read after the socket came back. */
  | { type: 'resync'; delivery: DeliveryDto }
  | { type: 'stopped' }
  | { type: 'closeSummary'; subject: string };

/**
 * The deliver mode of one project screen (spec §4 Deliver mode, Delivery flow). Entering selects only
 * what is RED; the red-only filter deselects what it hides; a started delivery clears the selection
 * and keeps the per-receiver progress; closing its summary clears the typed message.
 */
export function deliverModeReducer(state: DeliverModeState, action: DeliverAction): DeliverModeState {
  switch (action.type) {
    case 'enter':
      return {
        ...closedDeliverMode(),
        active: true,
        view: action.view,
        selection: initialSelection(
          action.docIds ? action.subs.filter((s) => action.docIds!.includes(s.doc)) : action.subs,
        ),
        message: newMessage(action.subject),
      };
    case 'leave':
      return closedDeliverMode();
    case 'reopen':
      // Deliver mode the office opened meanwhile is theirs; a delivery already shown stays as it is.
      // (Closing the summary sets the default subject for the next delivery.)
      return state.active
        ? state
        : { ...closedDeliverMode(), active: true, step: 'message_and_overview', delivery: action.delivery };
    case 'step':
      return { ...state, step: action.step };
    case 'view':
      return { ...state, view: action.view };
    case 'toggleDoc':
      return { ...state, selection: toggleDoc(state.selection, action.subs, action.docId) };
    case 'toggleParticipant':
      return { ...state, selection: toggleParticipant(state.selection, action.subs, action.participantId) };
    case 'toggleSub':
      return { ...state, selection: toggleSub(state.selection, action.subs, action.subId) };
    case 'toggleRedOnly': {
      const redOnly = !state.redOnly;
      return {
        ...state,
        redOnly,
        selection: redOnly ? applyRedOnlyFilter(state.selection, action.subs) : state.selection,
      };
    }
    case 'reconcile': {
      const reconciled = reconcileSelection(state.selection, action.subs);
      return { ...state, selection: state.redOnly ? applyRedOnlyFilter(reconciled, action.subs) : reconciled };
    }
    case 'toggleDocCollapsed':
      return { ...state, selection: toggleDocCollapsed(state.selection, action.docId) };
    case 'toggleParticipantCollapsed':
      return { ...state, selection: toggleParticipantCollapsed(state.selection, action.participantId) };
    case 'toggleSubscriberlist':
      return { ...state, selection: toggleSubscriberlist(state.selection, action.docId) };
    case 'toggleSubscriberlistForAll':
      return { ...state, selection: toggleSubscriberlistForAll(state.selection, action.docIds) };
    case 'message':
      return { ...state, message: { ...state.message, ...action.change } };
    case 'sendStarted':
      return {
        ...state,
        delivery: state.earlyProgress.reduce(applyProgress, action.delivery),
        earlyProgress: [],
        selection: emptySelection(),
      };
    case 'progress':
      return state.delivery?._id === action.event.deliveryId
        ? { ...state, delivery: applyProgress(state.delivery, action.event) }
        : { ...state, earlyProgress: [...state.earlyProgress, action.event].slice(-EARLY_PROGRESS_LIMIT) };
    case 'resync':
      return state.delivery ? { ...state, delivery: mergeSnapshot(state.delivery, action.delivery) } : state;
    case 'stopped':
      return state.delivery ? { ...state, delivery: markStopped(state.delivery) } : state;
    case 'closeSummary':
      return {
        ...state,
        delivery: null,
        step: 'selection',
        message: newMessage(action.subject, state.message),
      };
  }
}
