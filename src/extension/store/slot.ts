/**
 * One thing the store reads as a whole (the organization, the interface list): kept once read, read again when
 * marked stale, one read in flight shared by every reader. A read started before the store was emptied is dropped.
 */
export class Slot<T> {
  #value: T | undefined;
  #stale = true;
  #inFlight: { readonly generation: number; readonly promise: Promise<T> } | undefined;

  read(generation: number, load: () => Promise<T>): Promise<T> {
    if (!this.#stale && this.#value !== undefined) return Promise.resolve(this.#value);
    if (this.#inFlight?.generation === generation) return this.#inFlight.promise;
    const promise = load().then(
      (value) => {
        if (this.#inFlight?.promise === promise) {
          this.#value = value;
          this.#stale = false;
          this.#inFlight = undefined;
        }
        return value;
      },
      (error: unknown) => {
        // A failed read is not kept: the next reader asks again.
        if (this.#inFlight?.promise === promise) this.#inFlight = undefined;
        throw error;
      },
    );
    this.#inFlight = { generation, promise };
    return promise;
  }

  /** What was read last, unless it was marked stale since. */
  get current(): T | undefined {
    return this.#stale ? undefined : this.#value;
  }

  /** What was read last, stale or not. */
  get value(): T | undefined {
    return this.#value;
  }

  markStale(): void {
    this.#stale = true;
    this.#inFlight = undefined;
  }

  clear(): void {
    this.#value = undefined;
    this.markStale();
  }
}
