/**
 * Something loaded on first use (what is behind a door) (a module, or what is made from it), shared by every caller. A
 * failed load is forgotten, so the next call tries again instead of failing for the rest of the session.
 */
export class LoadOnce<T> {
  readonly #load: () => Promise<T>;
  #loading: Promise<T> | undefined;

  constructor(load: () => Promise<T>) {
    this.#load = load;
  }

  /** The loaded value, loading it on the first call. */
  get(): Promise<T> {
    if (this.#loading) return this.#loading;
    const loading = this.#load();
    this.#loading = loading;
    loading.catch(() => {
      if (this.#loading === loading) this.#loading = undefined;
    });
    return loading;
  }

  /** The load under way or done; undefined before the first get(), or after a load that failed. */
  get started(): Promise<T> | undefined {
    return this.#loading;
  }
}
