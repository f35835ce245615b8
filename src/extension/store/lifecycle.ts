/**
 * A base for objects that own disposables: each is registered once, and all go with the owner, last first.
 * Registering on an owner already disposed disposes the newcomer at once, so nothing outlives its owner.
 */
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  #owned: vscode.Disposable[] = [];
  #disposed = false;

  protected get disposed(): boolean {
    return this.#disposed;
  }

  protected register<T extends vscode.Disposable>(owned: T): T {
    if (this.#disposed) owned.dispose();
    else this.#owned.push(owned);
    return owned;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const owned = this.#owned;
    this.#owned = [];
    for (let i = owned.length - 1; i >= 0; i--) owned[i]?.dispose();
  }
}
