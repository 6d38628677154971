/**
 * At most `size` holders at once; others wait in line, each at most the time it is willing to
 * (docs/decisions/054). What costs memory per holder (a photo's body, its decoding) is bounded by
 * the number of holders, not by the number of visitors who ask at once. One process's count: with
 * several servers each has its own, as each has its own memory.
 */
export class ConcurrencyLimit {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly size: number) {}

  /** How many hold a place now, and how many wait for one. */
  get active(): number {
    return this.#active;
  }
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * A place, as a function that gives it back (once; calling it again does nothing), or undefined
   * when none came free within `waitMs`.
   */
  async acquire(waitMs: number): Promise<(() => void) | undefined> {
    if (this.#active < this.size) return this.#hold();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(this.#hold());
      };
      const timer = setTimeout(() => {
        const at = this.#waiting.indexOf(wake);
        if (at !== -1) this.#waiting.splice(at, 1);
        resolve(undefined);
      }, waitMs);
      this.#waiting.push(wake);
    });
  }

  #hold(): () => void {
    this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      this.#waiting.shift()?.();
    };
  }
}
