/**
 * Runs tasks in order per key: a task starts once every earlier task that shares a key with it has
 * finished, and tasks with no key in common run side by side. The engine uses it so that decisions that
 * read the same state are made one after another, each on what the one before it decided.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const before = keys.flatMap((key) => this.#tails.get(key) ?? []);
    const result = before.length === 0 ? task() : Promise.all(before).then(task);
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    for (const key of keys) this.#tails.set(key, done);
    void done.then(() => {
      for (const key of keys) if (this.#tails.get(key) === done) this.#tails.delete(key);
    });
    return result;
  }
}
