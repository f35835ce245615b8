/**
 * The only user of `context.secrets`. A profile's API private key is stored as `countersign.apiKey.<profileId>`;
 * the public key is derived from it, never stored. Arguments and values are never logged. When the secret store
 * fails (no keyring on a Linux desktop), the error says how to fix it; there is no fallback store.
 */
import * as vscode from 'vscode';
import { CountersignError } from '../../api/core';
import type { Redactor } from '../output/redact';
import type * as Remote from '../../api/remote';

/** The key functions of the client, behind the client's door (extension.ts gives clientDoor.ts's openClient). */
export type KeyFunctions = () => Promise<Pick<typeof Remote, 'derivePublicKey' | 'parsePrivateKey'>>;

const PREFIX = 'countersign.apiKey.';

export class SecretStorageError extends CountersignError {
  constructor(action: 'read' | 'store' | 'delete', cause: unknown) {
    super(
      vscode.l10n.t('VS Code could not {0} the API key in its secret storage.', action),
      'SECRET_STORAGE',
      vscode.l10n.t(
        'VS Code keeps secrets in the system keyring. On Linux, install and unlock a keyring (GNOME Keyring or KWallet), or start VS Code with --password-store=gnome-libsecret; Countersign never stores keys anywhere else.',
      ),
      { cause },
    );
  }
}

export class KeyVault implements vscode.Disposable {
  readonly #keyFunctions: KeyFunctions;
  readonly #secrets: vscode.SecretStorage;
  readonly #redactor: Redactor;
  readonly #emitter = new vscode.EventEmitter<string>();
  /** Fires with the profile id whose key changed (also when another window changed it). */
  readonly onDidChange = this.#emitter.event;
  readonly #subscription: vscode.Disposable;

  constructor(secrets: vscode.SecretStorage, redactor: Redactor, keyFunctions: KeyFunctions) {
    this.#keyFunctions = keyFunctions;
    this.#secrets = secrets;
    this.#redactor = redactor;
    this.#subscription = secrets.onDidChange((event) => {
      if (event.key.startsWith(PREFIX)) this.#emitter.fire(event.key.slice(PREFIX.length));
    });
  }

  /** The profile's private key (64 hex), or undefined when none is stored. */
  async get(profileId: string): Promise<string | undefined> {
    let value: string | undefined;
    try {
      value = await this.#secrets.get(PREFIX + profileId);
    } catch (error) {
      throw new SecretStorageError('read', error);
    }
    if (value !== undefined) this.#redactor.add(value);
    return value;
  }

  /** Parses (64 hex, optional `:p256`, trailing whitespace), stores, and returns the derived public key. */
  async store(profileId: string, privateKeyInput: string): Promise<{ publicKey: string }> {
    this.#redactor.add(privateKeyInput);
    const { derivePublicKey, parsePrivateKey } = await this.#keyFunctions();
    const privateKey = parsePrivateKey(privateKeyInput);
    this.#redactor.add(privateKey);
    const publicKey = derivePublicKey(privateKey);
    try {
      await this.#secrets.store(PREFIX + profileId, privateKey);
    } catch (error) {
      throw new SecretStorageError('store', error);
    }
    return { publicKey };
  }

  async has(profileId: string): Promise<boolean> {
    return (await this.get(profileId)) !== undefined;
  }

  async delete(profileId: string): Promise<void> {
    try {
      await this.#secrets.delete(PREFIX + profileId);
    } catch (error) {
      throw new SecretStorageError('delete', error);
    }
  }

  dispose(): void {
    this.#subscription.dispose();
    this.#emitter.dispose();
  }
}
