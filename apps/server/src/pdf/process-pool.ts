import type { ModuleProcess } from './pdf-process.ts';

interface Waiting {
  lane: string;
  run: (member: ModuleProcess) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Several module processes behind one `callIn`, so that one office's file drawn up to its time
 * limit never holds another office's: a lane (an office) runs at most one call at a time, in
 * whichever process is free, and the lanes take turns for the free ones. With two processes one
 * office's heavy file leaves the other process to everybody else.
 */
export function createModuleProcessPool(members: ModuleProcess[]): ModuleProcess {
  const idle = [...members];
  /** Waiting calls by lane; a Map keeps insertion order, and a lane that had its turn goes to the end. */
  const lanes = new Map<string, Waiting[]>();
  const busyLanes = new Set<string>();

  const takeNext = (): Waiting | undefined => {
    for (const [lane, calls] of lanes) {
      if (busyLanes.has(lane)) continue;
      const waiting = calls.shift()!;
      lanes.delete(lane);
      if (calls.length > 0) lanes.set(lane, calls);
      return waiting;
    }
    return undefined;
  };

  const next = (): void => {
    while (idle.length > 0) {
      const waiting = takeNext();
      if (!waiting) return;
      // A process whose modules are loaded first: a replacement of a killed one may still be loading.
      const warm = idle.findIndex((m) => m.isWarm());
      const member = idle.splice(warm === -1 ? 0 : warm, 1)[0]!;
      busyLanes.add(waiting.lane);
      // Free again before its caller hears the answer: a call it makes next may take the same process.
      const release = () => {
        busyLanes.delete(waiting.lane);
        idle.push(member);
        queueMicrotask(next);
      };
      waiting.run(member).then(
        (value) => {
          release();
          waiting.resolve(value);
        },
        (err: unknown) => {
          release();
          waiting.reject(err);
        },
      );
    }
  };

  const callIn = <R>(lane: string, moduleUrl: URL, exportName: string, ...args: unknown[]) =>
    new Promise<R>((resolve, reject) => {
      const calls = lanes.get(lane) ?? [];
      calls.push({
        lane,
        run: (member) => member.callIn(lane, moduleUrl, exportName, ...args),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      lanes.set(lane, calls);
      next();
    });

  return {
    call: (moduleUrl, exportName, ...args) => callIn('', moduleUrl, exportName, ...args),
    callIn,
    isWarm: () => members.some((m) => m.isWarm()),
    close: async () => {
      const stopped = new Error('process pool closed');
      for (const calls of lanes.values()) for (const waiting of calls) waiting.reject(stopped);
      lanes.clear();
      await Promise.all(members.map((member) => member.close()));
    },
  };
}
