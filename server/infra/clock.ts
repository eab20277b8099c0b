/** The time source; tests may substitute a fixed or advancing clock. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/**
 * Waiting on purpose (a sign-in slowed after failures). Tests substitute one that records the
 * wait and returns at once, so a test of an eight-second delay takes no eight seconds.
 */
export type Sleep = (ms: number) => Promise<void>;
export const timerSleep: Sleep = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
