const HOUR = 3600;
const DAY = 24 * HOUR;

/** The expiries offered, in seconds (null: until revoked). */
export const EXPIRIES = [
  { value: 'day', seconds: DAY },
  { value: 'week', seconds: 7 * DAY },
  { value: 'month', seconds: 30 * DAY },
  { value: 'never', seconds: null },
] as const;
export type Expiry = (typeof EXPIRIES)[number]['value'];

export const secondsOf = (expiry: Expiry) => EXPIRIES.find((e) => e.value === expiry)!.seconds;
