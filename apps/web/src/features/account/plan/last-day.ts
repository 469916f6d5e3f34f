/** A billing period's last day: its end is the first moment of the next period. */
export const lastDayOf = (endPeriodAt: string) => new Date(new Date(endPeriodAt).getTime() - 24 * 60 * 60 * 1000);
