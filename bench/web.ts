/**
 * bench:web — the web app on the large project (2,000 plans, 100 participants, 50,000
 * subscriptions) in Chromium at 1440 × 900, issue 15 item 3:
 * 1. navigation to the first plan rows painted (goal < 1.5 s);
 * 2. switching tabs docs → participants → plan_grid, click to content painted (goal < 300 ms each);
 * 3. scrolling the plan list and the plan grid end to end (goal: no main-thread task > 50 ms);
 * 4. toggling one subscription in the plan grid until its marker changes (goal < 100 ms);
 * 5. a second browser seeing a colleague's release: from the API's answer to the row changing
 *    (goal < 300 ms), and the live event's size (goal < 20 KB).
 * Long tasks come from the Performance API in the page. Writes bench/README.md "## bench:web".
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../apps/server/src/config.ts';
import { ensureDatabase } from '../apps/server/src/db/index.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { startServer } from '../apps/server/src/server.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { generateProject } from './big-project.ts';
import { writeReadmeSection } from './readme-section.ts';
import { median } from './median.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** A directory: each measured step of the last run is also recorded as a CPU profile there (for finding what is slow). */
const PROFILE_DIR = process.env.BENCH_WEB_PROFILE;
const GOAL = { firstRowsMs: 1500, tabMs: 300, longTaskMs: 50, toggleMs: 100, releaseMs: 300, eventBytes: 20 * 1024 };
const TABS = [
  { name: 'Pläne & Dokumente', ready: '[aria-label^="Pläne und Dokumente der Phase"] [aria-label$=" verschieben"]' },
  { name: 'Beteiligte', ready: '[aria-label="Beteiligte des Projekts"] [aria-label$=" verschieben"]' },
  { name: 'Planraster', ready: 'button[data-state][aria-pressed]' },
] as const;

/** The largest live event about the doc among the frames: the release's. */
const eventBytes = (frames: string[], docId: string) =>
  Math.max(0, ...frames.filter((f) => f.includes('updateData') && f.includes(docId)).map((f) => Buffer.byteLength(f)));

/** In every page: long tasks as the Performance API reports them, and when the first plan rows were painted. */
function instrument() {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __firstRows?: number };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const rows = '[aria-label^="Pläne und Dokumente der Phase"] [aria-label$=" verschieben"]';
  const observer = new MutationObserver(() => {
    if (w.__firstRows !== undefined || !document.querySelector(rows)) return;
    w.__firstRows = -1;
    requestAnimationFrame(() => (w.__firstRows = performance.now()));
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Clicks the tab and answers the time until its content is painted. */
const switchTab = (page: Page, tab: (typeof TABS)[number]) =>
  page.evaluate(async ({ name, ready }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const element = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).find(
      (e) => e.textContent?.trim() === name,
    )!;
    const start = performance.now();
    element.click();
    while (!document.querySelector(`[role="tabpanel"]:not([hidden]) ${ready}`)) await frame();
    await frame();
    return performance.now() - start;
  }, tab);

/** Scrolls the element (or the page) end to end, a screen per frame; answers the long tasks meanwhile. */
const scrollEndToEnd = (page: Page, selector: string | null) =>
  page.evaluate(async (selector) => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const scrollable = (e: Element | null): Element => {
      for (let el = e; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(style.overflowY)) return el;
      }
      return document.scrollingElement!;
    };
    const el = scrollable(selector ? document.querySelector(selector) : null);
    const start = performance.now();
    const steps = { top: 0, left: 0 };
    const longestOn = { top: 0, left: 0 };
    for (const axis of ['top', 'left'] as const) {
      const axisStart = performance.now();
      const size = axis === 'top' ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
      // A screen per frame (at least 100 px: an element of no height would never get anywhere).
      const step = Math.max(100, (axis === 'top' ? el.clientHeight : el.clientWidth) * 0.9);
      for (let at = 0; at <= size + step; at += step) {
        el.scrollTo({ [axis]: Math.min(at, size), behavior: 'instant' as ScrollBehavior });
        steps[axis]++;
        await frame();
      }
      await frame();
      longestOn[axis] = Math.max(0, ...w.__longTasks.filter((t) => t.start >= axisStart).map((t) => t.duration));
    }
    await frame();
    const tasks = w.__longTasks.filter((t) => t.start >= start).map((t) => t.duration);
    return {
      longest: Math.max(0, ...tasks),
      count: tasks.filter((d) => d > 50).length,
      steps: steps.top + steps.left,
      longestOn,
      size: `${el.scrollWidth} × ${el.scrollHeight} px (${el === document.scrollingElement ? 'page' : el.className})`,
    };
  }, selector);

/** Toggles the first PDF switch that is off in the grid; answers the time until it shows on. */
const toggleOne = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const off = document.querySelector<HTMLElement>('button[data-state="none"][aria-label$=": PDF"]')!;
    const label = off.getAttribute('aria-label')!;
    const start = performance.now();
    off.click();
    const on = () =>
      document.querySelector(`button[aria-label="${CSS.escape(label)}"]`)?.getAttribute('data-state') === 'all';
    while (!on()) await frame();
    await frame();
    return performance.now() - start;
  });

interface Run {
  firstRows: number;
  tabs: number[];
  listScroll: { longest: number; count: number };
  gridScroll: { longest: number; count: number };
  toggle: number;
  release: number;
  eventBytes: number;
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) execFileSync('npm', ['run', 'build'], { cwd: ROOT });
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-pg-'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-'));
  const database = await startEmbeddedPostgres(pgDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const load = () => os.loadavg().map((l) => l.toFixed(2));
  const loadBefore = load();
  try {
    await ensureDatabase(database.url('postgres'), 'bench');
    // production needs a relay; the bench's mail goes to a local sink
    const smtp = await startSmtpSink();
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url('bench'),
        DATA_DIR: path.join(dir, 'data'),
        MAIL_FROM: 'Plankurier <noreply@example.org>',
        SMTP_URL: smtp.url,
      },
      { webDist: WEB_DIST },
    );
    const server = await startServer(config, { workers: false });
    const { port } = server.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const { db } = server.deps;
    try {
      const { officeId, userId, projectId, counts } = await generateProject(db, {
        name: 'web',
        participants: true,
      });
      const token = await createSession(db, userId, officeId);
      console.log(`project ready: ${JSON.stringify(counts)}`);
      const api = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`${base}/api${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
        return res.json() as Promise<Record<string, unknown>>;
      };
      // The plans of the first phase's plan folder, shown when the project opens.
      const plans = await db
        .selectFrom('doc')
        .innerJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
        .innerJoin('phase', 'phase.id', 'doc_folder.phase_id')
        .select(['doc.id', 'doc.number'])
        .where('doc.project_id', '=', projectId)
        .where('phase.sort_order', '=', 0)
        .where('doc_folder.sort_order', '=', 1)
        .orderBy('doc.sort_order')
        .execute();

      /** A browser session on the project; `frames` collects the WebSocket frames it receives (text). */
      const session = async () => {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
        await context.addInitScript((value) => localStorage.setItem('plankurier.token', value), token);
        // tsx names the functions it compiles (keepNames): the page needs the helper it calls.
        await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
        await context.addInitScript(instrument);
        const page = await context.newPage();
        const frames: string[] = [];
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        cdp.on('Network.webSocketFrameReceived', (e: { response: { payloadData: string } }) =>
          frames.push(e.response.payloadData),
        );
        return { context, page, frames, cdp };
      };

      const runs: Run[] = [];
      /** Runs the step; in the last run with BENCH_WEB_PROFILE, under the CPU profiler. */
      const step = async <T>(
        cdp: Awaited<ReturnType<typeof session>>['cdp'],
        name: string,
        last: boolean,
        fn: () => Promise<T>,
      ) => {
        if (!PROFILE_DIR || !last) return fn();
        // The renderer's own work (style, layout, paint) beside the JavaScript profile.
        await browser.startTracing(undefined, {
          path: path.join(PROFILE_DIR, `${name}.trace.json`),
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
        });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        try {
          return await fn();
        } finally {
          const { profile } = await cdp.send('Profiler.stop');
          await browser.stopTracing();
          fs.mkdirSync(PROFILE_DIR, { recursive: true });
          fs.writeFileSync(path.join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
        }
      };
      for (let run = 0; run <= RUNS; run++) {
        const colleague = await session();
        const me = await session();
        const last = run === RUNS;
        try {
          console.log("opening the project in the colleague's session");
          await colleague.page.goto(`/project/${projectId}`);
          await colleague.page.waitForFunction(() => (window as { __firstRows?: number }).__firstRows! > 0);
          console.log('opening the project in my session');
          await step(me.cdp, 'open', last, async () => {
            await me.page.goto(`/project/${projectId}`);
            await me.page.waitForFunction(() => (window as { __firstRows?: number }).__firstRows! > 0, null, {
              timeout: 60_000,
            });
          });
          const firstRows = await me.page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows);
          console.log('first rows painted; scrolling the plan list');
          const listScroll = await step(me.cdp, 'list-scroll', last, () =>
            scrollEndToEnd(me.page, '[aria-label^="Pläne und Dokumente der Phase"]'),
          );
          console.log(
            `scrolled ${listScroll.size}: ${listScroll.count} of ${listScroll.steps} steps had a task > 50 ms; longest down ${listScroll.longestOn.top.toFixed(0)} ms, across ${listScroll.longestOn.left.toFixed(0)} ms`,
          );
          const tabs: number[] = [];
          for (const tab of [TABS[1], TABS[2]])
            tabs.push(await step(me.cdp, `tab-${tab.name}`, last, () => switchTab(me.page, tab)));
          const gridScroll = await step(me.cdp, 'grid-scroll', last, () =>
            scrollEndToEnd(me.page, 'button[data-state][aria-pressed]'),
          );
          console.log(
            `grid scrolled ${gridScroll.size}: ${gridScroll.count} of ${gridScroll.steps} steps had a task > 50 ms; longest down ${gridScroll.longestOn.top.toFixed(0)} ms, across ${gridScroll.longestOn.left.toFixed(0)} ms`,
          );
          const toggle = await step(me.cdp, 'toggle', last, () => toggleOne(me.page));
          tabs.unshift(await step(me.cdp, `tab-${TABS[0].name}`, last, () => switchTab(me.page, TABS[0])));

          // The colleague's release, seen in my session: a new index for a plan on screen.
          const plan = plans[run % plans.length]!;
          const version = (await api('POST', '/version', { docId: plan.id, index: `R${run}` })) as { _id: string };
          await db
            .insertInto('file')
            .values({
              project_id: projectId,
              doc_id: plan.id,
              version_id: version._id,
              kind: 'pdf',
              filename: 'plan.pdf',
              storage_key: `bench/${version._id}.pdf`,
              size: 2_500_000,
              sha256: 'a'.repeat(64),
              mime_type: 'application/pdf',
              pdf_width_mm: 841,
              pdf_height_mm: 594,
            })
            .execute();
          const releaseSeen = me.page.evaluate(
            ({ number, index }) =>
              new Promise<number>((resolve) => {
                const cell = document.evaluate(
                  `//*[text()='${number}']`,
                  document,
                  null,
                  XPathResult.FIRST_ORDERED_NODE_TYPE,
                ).singleNodeValue as HTMLElement;
                const row = cell.closest('[aria-pressed]')?.parentElement ?? cell.parentElement!.parentElement!;
                const check = () => {
                  if (
                    Array.from(row.querySelectorAll('*')).some(
                      (e) => e.childElementCount === 0 && e.textContent === index,
                    )
                  ) {
                    requestAnimationFrame(() => resolve(Date.now()));
                    return true;
                  }
                  return false;
                };
                if (check()) return;
                const observer = new MutationObserver(() => check() && observer.disconnect());
                observer.observe(document.body, { childList: true, subtree: true, characterData: true });
              }),
            { number: plan.number, index: `R${run}` },
          );
          me.frames.length = 0;
          const { answered, seen } = await step(me.cdp, 'release', last, async () => {
            await api('POST', `/version/${version._id}/release`, {});
            const answered = Date.now();
            return { answered, seen: await releaseSeen };
          });
          const release = seen - answered;
          if (run > 0) {
            runs.push({
              firstRows,
              tabs,
              listScroll,
              gridScroll,
              toggle,
              release,
              eventBytes: eventBytes(me.frames, plan.id),
            });
          }
          console.log(
            `run ${run}${run === 0 ? ' (warm-up)' : ''}: first rows ${firstRows.toFixed(0)} ms, tabs ${tabs.map((t) => t.toFixed(0)).join(' / ')} ms, list scroll longest task ${listScroll.longest.toFixed(0)} ms, grid ${gridScroll.longest.toFixed(0)} ms, toggle ${toggle.toFixed(0)} ms, release seen ${release} ms after the answer, event ${eventBytes(me.frames, plan.id)} bytes`,
          );
        } finally {
          await colleague.context.close();
          await me.context.close();
        }
      }

      const row = (what: string, values: number[], unit: string, goal: string, met: boolean) =>
        `| ${what} | ${values.map((v) => `${v.toFixed(0)}`).join(' / ')} ${unit} | **${median(values).toFixed(0)} ${unit}** | ${goal} | ${met ? 'met' : 'missed'} |`;
      const m = (pick: (r: Run) => number) => median(runs.map(pick));
      const table = [
        '| measure | runs | median | goal | |',
        '| --- | --- | --- | --- | --- |',
        row(
          'navigation → first plan rows painted',
          runs.map((r) => r.firstRows),
          'ms',
          '< 1500 ms',
          m((r) => r.firstRows) < GOAL.firstRowsMs,
        ),
        ...['participants → docs', 'docs → participants', 'participants → plan_grid'].map((name, i) =>
          row(
            `tab ${name}`,
            runs.map((r) => r.tabs[i]!),
            'ms',
            '< 300 ms',
            m((r) => r.tabs[i]!) < GOAL.tabMs,
          ),
        ),
        row(
          'plan list scrolled end to end: longest task',
          runs.map((r) => r.listScroll.longest),
          'ms',
          '≤ 50 ms',
          m((r) => r.listScroll.longest) <= GOAL.longTaskMs,
        ),
        row(
          'plan grid scrolled end to end: longest task',
          runs.map((r) => r.gridScroll.longest),
          'ms',
          '≤ 50 ms',
          m((r) => r.gridScroll.longest) <= GOAL.longTaskMs,
        ),
        row(
          'one subscription toggled → marker changed',
          runs.map((r) => r.toggle),
          'ms',
          '< 100 ms',
          m((r) => r.toggle) < GOAL.toggleMs,
        ),
        row(
          "colleague's release: API answer → row changed",
          runs.map((r) => r.release),
          'ms',
          '< 300 ms',
          m((r) => r.release) < GOAL.releaseMs,
        ),
        row(
          '… its live event',
          runs.map((r) => r.eventBytes / 1024),
          'KB',
          '< 20 KB',
          m((r) => r.eventBytes) < GOAL.eventBytes,
        ),
      ];
      writeReadmeSection(
        'bench:web',
        `\`npm run bench:web\` — measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average before ${loadBefore.join(' / ')}, after ${load().join(' / ')}. Project: ${counts.docs} plans, ${counts.versions} versions, ${counts.files} files, ${counts.participants} participants, ${counts.subs} subscriptions. Chromium at 1440 × 900, ${RUNS} runs after a warm-up run, each in fresh browser contexts.\n\n${table.join('\n')}\n\nTimes are taken in the page: first rows from the navigation's start to the frame after the first plan row is in the DOM; a tab from its click to the frame after its content is there; scrolling a screen per frame, long tasks from the Performance API (\`longtask\`, which reports tasks over 50 ms only: 0 means none); the toggle from its click to the frame after the switch shows on. The release: the colleague's \`POST /api/version/:id/release\` answered (Node's clock) to the frame after the row shows the new index (the page's clock, the same machine); negative when the live event arrived before the HTTP answer. The event's size is the WebSocket frame that carried it.`,
      );
    } finally {
      await server.stop();
      await smtp.close();
    }
  } finally {
    await browser.close();
    await database.stop();
    for (const d of [pgDir, dir]) fs.rmSync(d, { recursive: true, force: true });
  }
}

await main();
