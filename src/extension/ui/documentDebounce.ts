/**
 * Runs a check of a document once its edits pause: each document has its own timer, and a new edit restarts it.
 * The ABI files and the policy files check as you type through it.
 */
import type * as vscode from 'vscode';

export class DocumentDebounce implements vscode.Disposable {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #run: (document: vscode.TextDocument) => void;
  readonly #delayMs: number;

  constructor(run: (document: vscode.TextDocument) => void, delayMs: number) {
    this.#run = run;
    this.#delayMs = delayMs;
  }

  schedule(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.#timers.get(key));
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        this.#run(document);
      }, this.#delayMs),
    );
  }

  /** Resolves once no check is waiting for its pause. */
  async settled(): Promise<void> {
    while (this.#timers.size > 0) await new Promise((resolve) => setTimeout(resolve, this.#delayMs));
  }

  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
