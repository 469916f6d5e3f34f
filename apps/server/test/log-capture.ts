import type { DestinationStream } from 'pino';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export const LOG_LEVEL = { warn: 40, error: 50 } as const;

/** The server's log line by line, as an operator reads it: pass `destination` as the config's logDestination. */
export function captureLog(): { lines: LogLine[]; destination: DestinationStream } {
  const lines: LogLine[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } };
}
