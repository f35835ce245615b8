/**
 * Profiles (label, base URL, organization, API key id), and which one is active. Keys are not here: they live in
 * the key vault under the profile's id.
 *
 * One source of truth: profiles.json in the extension's global storage folder (profileFile.ts), shared by every
 * window of the user and watched by each. The store holds the state it last read, and everything reads that: the
 * status bar, the views and the session that signs. It changes only together with onDidChange, so a window never
 * signs as another profile than the one it shows; a switch in another window moves all of it at once. The file
 * is per user, never per workspace, so a workspace cannot point a profile at another service. Profiles kept in
 * globalState by earlier versions are read once, when there is no file yet.
 */
import * as vscode from 'vscode';
import { InvalidInputError, checkBaseUrl } from '../../api/core';
import { ProfileFile, type ProfileFileState } from './profileFile';

/** Where earlier versions kept the profiles (read once, when the profile file does not exist yet). */
const PROFILES_KEY = 'countersign.profiles';
const ACTIVE_KEY = 'countersign.activeProfileId';
export const DEFAULT_BASE_URL = 'https://api.turnkey.com';

/** The Demo organization's local sandbox profile: a stable id, so that every start refreshes it. */
export const LOCAL_SANDBOX_PROFILE_ID = 'local-sandbox';

/** A profile: where the service is and which organization to act on. The private key is not here. */
export interface Profile {
  readonly id: string;
  readonly label: string;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly apiKeyId?: string;
  /** Created by "Start Local Sandbox"; refreshed from the sandbox's credentials each time it starts. */
  readonly localSandbox?: boolean;
  /** The parent of a sub-organization, null for a top-level one; absent when unknown (other services). */
  readonly parentOrganizationId?: string | null;
  /** The organization's and the user's names, when known (the local sandbox says them): what a pick list shows. */
  readonly organizationName?: string;
  readonly userName?: string;
}

export type ProfileInput = Omit<Profile, 'id'>;

/** Checks a base URL as the client will (https, or http to a loopback host) and returns it without a trailing slash. */
export function normalizeBaseUrl(input: string): string {
  const trimmed = input.trim().replace(/\/+$/, '');
  checkBaseUrl(trimmed);
  return trimmed;
}

const ORGANIZATION_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** An organization id is a UUID; says what is wrong otherwise (undefined when it is fine). */
export function organizationIdProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return vscode.l10n.t('Enter the organization ID (a UUID, shown in the dashboard).');
  if (!ORGANIZATION_ID.test(trimmed)) {
    return vscode.l10n.t('An organization ID is a UUID such as 0d2c0f5e-7d9b-4c4e-9a43-1b2f3c4d5e6f.');
  }
  return undefined;
}

function checkInput(input: ProfileInput): ProfileInput {
  const label = input.label.trim();
  if (label === '') throw new InvalidInputError('profile', vscode.l10n.t('A profile needs a label.'));
  const problem = organizationIdProblem(input.organizationId);
  if (problem) throw new InvalidInputError('profile', problem);
  const apiKeyId = input.apiKeyId?.trim() || undefined;
  return {
    label,
    baseUrl: normalizeBaseUrl(input.baseUrl),
    organizationId: input.organizationId.trim(),
    ...(apiKeyId ? { apiKeyId } : {}),
    ...(input.localSandbox ? { localSandbox: true } : {}),
    ...(input.parentOrganizationId !== undefined ? { parentOrganizationId: input.parentOrganizationId } : {}),
    ...(input.organizationName ? { organizationName: input.organizationName } : {}),
    ...(input.userName ? { userName: input.userName } : {}),
  };
}

type State = ProfileFileState<Profile>;

const sameState = (a: State, b: State) => JSON.stringify(a) === JSON.stringify(b);

export class ProfileStore implements vscode.Disposable {
  readonly #file: ProfileFile<Profile>;
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly #subscriptions: vscode.Disposable[] = [];
  #state: State;
  /** Bumped by each write here: a read of the file that started before a write ended is stale. */
  #writes = 0;
  #disposed = false;
  #queue: Promise<void> = Promise.resolve();
  /** Fires when the list or the active profile changes, here or in another window. */
  readonly onDidChange = this.#emitter.event;

  /**
   * `storageDir`: the extension's global storage folder (shared by the user's windows). `legacy`: the globalState
   * that held the profiles before.
   */
  constructor(storageDir: string, legacy: vscode.Memento) {
    this.#file = new ProfileFile<Profile>(storageDir);
    this.#state = this.#file.readNow() ?? {
      profiles: legacy.get<Profile[]>(PROFILES_KEY, []),
      ...(legacy.get<string>(ACTIVE_KEY) !== undefined ? { activeProfileId: legacy.get<string>(ACTIVE_KEY) } : {}),
    };
    this.#file.watch(() => void this.reload());
    // A backstop where the folder cannot be watched (some network file systems): a window read again on focus.
    this.#subscriptions.push(
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) void this.reload();
      }),
    );
  }

  /** The file that holds the profiles. */
  get file(): string {
    return this.#file.file;
  }

  /** Reads the file again and takes what another window wrote; fires onDidChange when it differs. */
  async reload(): Promise<void> {
    const writes = this.#writes;
    const read = await this.#file.read();
    // A write of ours ended meanwhile: it is newer than what was read, and its own watch event reads again.
    if (!read || this.#disposed || writes !== this.#writes || sameState(read, this.#state)) return;
    this.#state = read;
    this.#emitter.fire();
  }

  list(): readonly Profile[] {
    return this.#state.profiles;
  }

  get(id: string): Profile | undefined {
    return this.list().find((p) => p.id === id);
  }

  /** The active profile; the first one when the remembered id is gone. */
  active(): Profile | undefined {
    const profiles = this.list();
    return profiles.find((p) => p.id === this.#state.activeProfileId) ?? profiles[0];
  }

  /**
   * Saves `next` for every window, then takes it here and fires onDidChange. One write at a time: each reads what
   * the one before it wrote (a switch racing a profile refresh would otherwise undo it).
   */
  #write(next: (current: State) => State): Promise<void> {
    const written = this.#queue.then(async () => {
      // From the file: another window's change that has not reached this one yet is kept, not overwritten.
      const current = (await this.#file.read()) ?? this.#state;
      const state = next(current);
      this.#writes += 1;
      await this.#file.write(state);
      this.#writes += 1;
      if (sameState(state, this.#state)) return;
      this.#state = state;
      this.#emitter.fire();
    });
    this.#queue = written.catch(() => undefined);
    return written;
  }

  async add(input: ProfileInput, options: { activate?: boolean; id?: string } = {}): Promise<Profile> {
    const profile: Profile = {
      // The Web Crypto global: activation imports nothing from node:crypto.
      id: options.id ?? crypto.randomUUID(),
      ...checkInput(input),
    };
    await this.#write((current) => ({
      profiles: [...current.profiles.filter((p) => p.id !== profile.id), profile],
      ...withActive((options.activate ?? true) ? profile.id : current.activeProfileId),
    }));
    return profile;
  }

  async update(id: string, changes: Partial<ProfileInput>): Promise<Profile> {
    const current = this.get(id);
    if (!current) throw new InvalidInputError('profile', vscode.l10n.t('There is no profile with ID {0}.', id));
    const { id: _ignored, ...rest } = current;
    const updated: Profile = { id, ...checkInput({ ...rest, ...changes }) };
    await this.#write((state) => ({
      profiles: state.profiles.map((p) => (p.id === id ? updated : p)),
      ...withActive(state.activeProfileId),
    }));
    return updated;
  }

  async remove(id: string): Promise<void> {
    await this.#write((state) => {
      const profiles = state.profiles.filter((p) => p.id !== id);
      return {
        profiles,
        ...withActive(state.activeProfileId === id ? profiles[0]?.id : state.activeProfileId),
      };
    });
  }

  async activate(id: string): Promise<Profile> {
    const profile = this.get(id);
    if (!profile) throw new InvalidInputError('profile', vscode.l10n.t('There is no profile with ID {0}.', id));
    await this.#write((state) => ({ profiles: state.profiles, activeProfileId: id }));
    return profile;
  }

  dispose(): void {
    this.#disposed = true;
    this.#file.stopWatching();
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.#emitter.dispose();
  }
}

/** The active id as an optional field (exactOptionalPropertyTypes: absent, never undefined). */
function withActive(id: string | undefined): { activeProfileId?: string } {
  return id === undefined ? {} : { activeProfileId: id };
}
