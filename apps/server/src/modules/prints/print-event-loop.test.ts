import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BIG_PLAN_LIST, seedBigPlanList } from '../../../test/big-plan-list.ts';
import { createTestOffice, ownerActor } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { writePlanListPdf } from './plan-list.ts';

let server: TestServer;
let office: Awaited<ReturnType<typeof createTestOffice>>;
let projectId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'print-event-loop-test-'));

beforeAll(async () => {
  server = await startTestServer();
  office = await createTestOffice(server, 'P2');
  projectId = await seedBigPlanList(server.deps.db, office.id);
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** This thread's loop, seen by a 1 ms interval: when each tick ran, on the clock the render thread reports in. */
function startTicker() {
  const ticks: number[] = [];
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const timer = setInterval(() => ticks.push(performance.timeOrigin + performance.now()), 1);
  return {
    ticksBetween: (from: number, until: number) => ticks.filter((at) => at > from && at < until).length,
    /** Stops the ticker; the longest stall of the loop meanwhile, in ms (reported, never asserted: the machine is shared). */
    stop: () => {
      clearInterval(timer);
      stalls.disable();
      return Math.round(stalls.max / 1e6);
    },
  };
}

test('printing a 2,000-plan list keeps the server thread ticking while the document is built and drawn', async () => {
  const file = path.join(tmp, 'planliste.pdf');
  const ticker = startTicker();
  const calledAt = performance.timeOrigin + performance.now();
  const { pageCount, timings } = await writePlanListPdf(
    server.deps.db,
    { actor: ownerActor(office), projectId, locale: 'de' },
    file,
  );
  const longestStall = ticker.stop();

  // Counted ticks, not durations: had this thread built the document, not one tick would fall in
  // the render thread's build (it would get a finished document); had it drawn, none in the drawing.
  const phases = {
    queries: ticker.ticksBetween(calledAt, timings.startedAt),
    building: ticker.ticksBetween(timings.startedAt, timings.builtAt),
    drawing: ticker.ticksBetween(timings.builtAt, timings.writtenAt),
  };
  const seen = `ticks ${JSON.stringify(phases)}; build ${Math.round(timings.builtAt - timings.startedAt)} ms; longest stall ${longestStall} ms`;
  expect(phases.queries, seen).toBeGreaterThan(0);
  expect(phases.building, seen).toBeGreaterThan(0);
  expect(phases.drawing, seen).toBeGreaterThan(0);

  // The document the render thread built from the rows is the whole list with its transmittal.
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(pageCount);
  const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\f')
    .filter((p) => p.trim());
  const plans = BIG_PLAN_LIST.phases * BIG_PLAN_LIST.foldersPerPhase * BIG_PLAN_LIST.plansPerFolder;
  expect(pages[0]).toContain(`Gesamtes Projekt · ${plans} Pläne/Dokumente`);
  expect(pages.join('\n')).toContain(`Planverteiler (15–20 / ${BIG_PLAN_LIST.participants})`);
  expect(pages.at(-1)).toContain(`Seite ${pageCount} von ${pageCount}`);
}, 180_000);
