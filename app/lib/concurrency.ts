/**
 * At most `size` holders at once; the others wait in arrival order, each at most the time it is
 * willing to, and at most `maxWaiting` of them (docs/decisions/051, 054). What costs memory per
 * holder (a photo's body, its decoding) is then bounded by the number of holders, not by the number
 * of visitors who ask at once. One process's count: with several servers each has its own, as each
 * has its own memory. Counts the most holders and waiters it has seen, for tests and benchmarks.
 */
export class ConcurrencyLimit {
  #running = 0;
  readonly #waiters: Array<() => void> = [];
  /** The most holders and waiters seen at once since the last `resetPeaks()`. */
  peakRunning = 0;
  peakWaiting = 0;

  constructor(readonly size: number) {}

  /** How many hold a place now, and how many wait for one. */
  get running(): number {
    return this.#running;
  }
  get waiting(): number {
    return this.#waiters.length;
  }

  resetPeaks(): void {
    this.peakRunning = this.#running;
    this.peakWaiting = this.#waiters.length;
  }

  /**
   * A place, as a function that gives it back (once; calling it again does nothing), or undefined
   * when none came free within `waitMs`, or `maxWaiting` callers already wait.
   */
  async acquire(waitMs: number, maxWaiting = Infinity): Promise<(() => void) | undefined> {
    if (this.#running < this.size) return this.#hold();
    if (this.#waiters.length >= maxWaiting || waitMs <= 0) return undefined;
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        resolve(this.#hold());
      };
      const timer = setTimeout(() => {
        this.#waiters.splice(this.#waiters.indexOf(turn), 1);
        resolve(undefined);
      }, waitMs);
      this.#waiters.push(turn);
      this.peakWaiting = Math.max(this.peakWaiting, this.#waiters.length);
    });
  }

  #hold(): () => void {
    this.#running++;
    this.peakRunning = Math.max(this.peakRunning, this.#running);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running--;
      // The place goes to the first in line, synchronously: nobody arriving now can take it.
      this.#waiters.shift()?.();
    };
  }
}
