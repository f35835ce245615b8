/** In-memory storage, for tests and `--memory`: nothing survives the process. */
import type { Storage } from './storage';

export class MemoryStorage implements Storage {
  readonly recovered: readonly unknown[] = [];
  readonly failure: Error | undefined = undefined;

  append(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
