/** A clock tests move by hand: tokens, reset links and rate-limit windows expire without waiting. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(at: Date): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (at) => {
      t = at.getTime();
    },
  };
}
