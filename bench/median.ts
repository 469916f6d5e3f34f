/** The middle value of the runs (the upper one of two middles): how every bench reports its runs. */
export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The run whose `s` (seconds) is the median, with all it measured beside. */
export const medianRun = <T extends { s: number }>(runs: readonly T[]) =>
  [...runs].sort((a, b) => a.s - b.s)[Math.floor(runs.length / 2)]!;
