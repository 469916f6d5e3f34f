import type { PrintBody, PrintDto } from '@plankurier/shared';
import { useSyncExternalStore } from 'react';
import { notifyError } from '../../../notifications/notify';
import { liveEvents } from '../../../session/live-events';
import { applyPrintUpdate, printsFromEvent } from './live-prints';
import { printApi } from './print-api';

export interface PrintEntry {
  print: PrintDto;
  /** What the user asked for, e.g. 'Planliste · Grundrisse'. */
  label: string;
  downloading: boolean;
}

/** While a print runs, it is also read now and then: a missed socket event must not leave it hanging. */
const POLL_MS = 1500;

let entries: readonly PrintEntry[] = [];
const listeners = new Set<() => void>();
let stopLive: (() => void) | undefined;

function set(next: readonly PrintEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function update(dto: PrintDto) {
  const entry = entries.find((e) => e.print._id === dto._id);
  if (!entry) return;
  const print = applyPrintUpdate(entry.print, dto);
  if (print === entry.print) return;
  set(entries.map((e) => (e === entry ? { ...e, print } : e)));
  if (print.isFinished) void download(print._id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  stopLive ??= liveEvents.on('updateData', (payload) => printsFromEvent(payload).forEach(update));
  return () => {
    listeners.delete(listener);
  };
}

async function poll(printId: string) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const entry = entries.find((e) => e.print._id === printId);
    if (!entry || entry.print.isFinished || entry.print.isFailed) return;
    try {
      update(await printApi.get(printId));
    } catch {
      return; // cancelled or expired meanwhile
    }
  }
}

/** Starts a print; its progress shows in the print dock, the PDF downloads when it is done. */
export async function startPrint(body: PrintBody, label: string): Promise<void> {
  try {
    const print = await printApi.create({ ...body, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    trackPrint(print, label);
    void poll(print._id);
  } catch (err) {
    notifyError(err);
  }
}

/** Cancel = delete on the server; the entry goes at once, a failure is only logged (spec §8). */
export function cancelPrint(printId: string): void {
  set(entries.filter((e) => e.print._id !== printId));
  printApi.cancel(printId).catch((err: unknown) => console.warn('print cancel failed', err));
}

/** Shows a print in the dock (the live updates and the poll move it on). */
export function trackPrint(print: PrintDto, label: string): void {
  set([...entries, { print, label, downloading: false }]);
}

/** Every print in the dock, of all projects. */
export const printEntries = (): readonly PrintEntry[] => entries;

/** Sign-out: the dock empties and the polls end (they stop when their entry is gone). */
export function clearPrints(): void {
  set([]);
}

export function dismissPrint(printId: string): void {
  set(entries.filter((e) => e.print._id !== printId));
}

/** A browser navigation to the short-lived link: the answer is an attachment, the page stays. */
export async function download(printId: string): Promise<void> {
  const mark = (downloading: boolean) => set(entries.map((e) => (e.print._id === printId ? { ...e, downloading } : e)));
  mark(true);
  try {
    const { url } = await printApi.downloadLink(printId);
    window.location.assign(url);
  } catch (err) {
    notifyError(err);
  } finally {
    mark(false);
  }
}

export function usePrints(projectId: string): readonly PrintEntry[] {
  const all = useSyncExternalStore(subscribe, () => entries);
  return all.filter((e) => e.print.project === projectId);
}
