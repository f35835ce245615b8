/**
 * Profiles (label, base URL, organization, API key id) in globalState, and which one is active. Keys are not
 * here: they live in the key vault under the profile's id. globalState is per user, never per workspace, so a
 * workspace cannot point a profile at another service.
 */
import * as vscode from 'vscode';
import { InvalidInputError, checkBaseUrl } from '../../api';

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
  };
}

export class ProfileStore implements vscode.Disposable {
  readonly #state: vscode.Memento;
  readonly #emitter = new vscode.EventEmitter<void>();
  /** Fires when the list or the active profile changes. */
  readonly onDidChange = this.#emitter.event;

  constructor(state: vscode.Memento) {
    this.#state = state;
  }

  list(): readonly Profile[] {
    return this.#state.get<Profile[]>(PROFILES_KEY, []);
  }

  get(id: string): Profile | undefined {
    return this.list().find((p) => p.id === id);
  }

  /** The active profile; the first one when the remembered id is gone. */
  active(): Profile | undefined {
    const profiles = this.list();
    const id = this.#state.get<string>(ACTIVE_KEY);
    return profiles.find((p) => p.id === id) ?? profiles[0];
  }

  async add(input: ProfileInput, options: { activate?: boolean; id?: string } = {}): Promise<Profile> {
    const profile: Profile = {
      // The Web Crypto global: activation imports nothing from node:crypto.
      id: options.id ?? crypto.randomUUID(),
      ...checkInput(input),
    };
    await this.#state.update(PROFILES_KEY, [...this.list().filter((p) => p.id !== profile.id), profile]);
    if (options.activate ?? true) await this.#state.update(ACTIVE_KEY, profile.id);
    this.#emitter.fire();
    return profile;
  }

  async update(id: string, changes: Partial<ProfileInput>): Promise<Profile> {
    const current = this.get(id);
    if (!current) throw new InvalidInputError('profile', vscode.l10n.t('There is no profile with ID {0}.', id));
    const { id: _ignored, ...rest } = current;
    const updated: Profile = { id, ...checkInput({ ...rest, ...changes }) };
    await this.#state.update(
      PROFILES_KEY,
      this.list().map((p) => (p.id === id ? updated : p)),
    );
    this.#emitter.fire();
    return updated;
  }

  async remove(id: string): Promise<void> {
    const remaining = this.list().filter((p) => p.id !== id);
    await this.#state.update(PROFILES_KEY, remaining);
    if (this.#state.get<string>(ACTIVE_KEY) === id) await this.#state.update(ACTIVE_KEY, remaining[0]?.id);
    this.#emitter.fire();
  }

  async activate(id: string): Promise<Profile> {
    const profile = this.get(id);
    if (!profile) throw new InvalidInputError('profile', vscode.l10n.t('There is no profile with ID {0}.', id));
    await this.#state.update(ACTIVE_KEY, id);
    this.#emitter.fire();
    return profile;
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}
