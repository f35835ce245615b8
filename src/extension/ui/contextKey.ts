/**
 * A context key that is set only when its value changes. Setting one is a command sent to the window (and the
 * host's first command of a window costs it a few milliseconds), so a key whose value is what the `when` clauses
 * read while it is unset is not set at all.
 */
import * as vscode from 'vscode';

export class ContextKey<T extends string | boolean> {
  readonly #name: string;
  #value: T | undefined;

  /** `unset`: the value the `when` clauses take while the key has never been set, when one stands for it. */
  constructor(name: string, unset?: T) {
    this.#name = name;
    this.#value = unset;
  }

  /** Sets the key, unless it holds `value` already; resolves once the window has it. */
  async set(value: T): Promise<void> {
    if (value === this.#value) return;
    this.#value = value;
    await vscode.commands.executeCommand('setContext', this.#name, value);
  }
}
