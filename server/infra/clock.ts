/** The time source; tests may substitute a fixed or advancing clock. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
