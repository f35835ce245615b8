/**
 * The local sandbox inside this extension host: started on demand, its data kept in the extension's global
 * storage so that what a user made survives a restart of VS Code. Each start creates or refreshes the
 * "Local sandbox" profiles from its credentials (keys straight into the key vault) and makes the Demo one active.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startSandbox, type RunningSandbox, type SandboxCredentials, type SandboxOrganization } from '../sandbox';
import { ContextKeys } from './commandIds';
import type { Profile, Services } from './services';

/** Stable ids, so that every start refreshes the same profiles instead of adding new ones. */
export const LOCAL_SANDBOX_PROFILE_ID = 'local-sandbox';

interface SandboxProfile {
  readonly id: string;
  readonly label: string;
  readonly organization: SandboxOrganization;
  readonly userIndex: number;
}

/** Demo first (the one made active), then one profile per root user of the other organizations. */
export function sandboxProfiles(credentials: SandboxCredentials): SandboxProfile[] {
  const result: SandboxProfile[] = [];
  for (const organization of credentials.organizations) {
    const isDemo = organization.name === 'Demo';
    organization.users.forEach((user, userIndex) => {
      if (user.apiKeys.length === 0) return;
      const id = isDemo && userIndex === 0 ? LOCAL_SANDBOX_PROFILE_ID : `${LOCAL_SANDBOX_PROFILE_ID}.${organization.organizationId}.${user.userId}`;
      const label =
        isDemo && userIndex === 0
          ? vscode.l10n.t('Local sandbox')
          : organization.users.length > 1
            ? vscode.l10n.t('Local sandbox · {0} ({1})', organization.name, user.userName)
            : vscode.l10n.t('Local sandbox · {0}', organization.name);
      result.push({ id, label, organization, userIndex });
    });
  }
  return result.sort((a, b) => Number(b.id === LOCAL_SANDBOX_PROFILE_ID) - Number(a.id === LOCAL_SANDBOX_PROFILE_ID));
}

export class LocalSandbox implements vscode.Disposable {
  readonly #services: Services;
  #running: RunningSandbox | undefined;
  #starting: Promise<RunningSandbox> | undefined;

  constructor(services: Services) {
    this.#services = services;
  }

  get running(): RunningSandbox | undefined {
    return this.#running;
  }

  /** Starts the sandbox (or returns the running one) and refreshes its profiles; returns the active one. */
  async start(): Promise<{ sandbox: RunningSandbox; profile: Profile }> {
    this.#starting ??= this.#start().finally(() => {
      this.#starting = undefined;
    });
    const sandbox = await this.#starting;
    const profile = await this.#refreshProfiles(sandbox.credentials);
    return { sandbox, profile };
  }

  async #start(): Promise<RunningSandbox> {
    if (this.#running) return this.#running;
    const dataDir = path.join(this.#services.context.globalStorageUri.fsPath, 'sandbox');
    await vscode.workspace.fs.createDirectory(vscode.Uri.file(dataDir));
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dataDir, logger: this.#services.log });
    this.#running = sandbox;
    await vscode.commands.executeCommand('setContext', ContextKeys.sandboxRunning, true);
    this.#services.log.info('Local sandbox started', { baseUrl: sandbox.baseUrl });
    return sandbox;
  }

  async #refreshProfiles(credentials: SandboxCredentials): Promise<Profile> {
    const { profiles, keys } = this.#services;
    let demo: Profile | undefined;
    for (const entry of sandboxProfiles(credentials)) {
      const user = entry.organization.users[entry.userIndex];
      const apiKey = user?.apiKeys[0];
      if (!user || !apiKey) continue;
      // The key first: a profile whose key is missing would flash "no key" in the views.
      await keys.store(entry.id, apiKey.privateKey);
      const profile = await profiles.add(
        {
          label: entry.label,
          baseUrl: credentials.baseUrl,
          organizationId: entry.organization.organizationId,
          apiKeyId: apiKey.apiKeyId,
          localSandbox: true,
        },
        { id: entry.id, activate: false },
      );
      if (entry.id === LOCAL_SANDBOX_PROFILE_ID) demo = profile;
    }
    if (!demo) throw new Error('The sandbox has no Demo organization with an API key.');
    return profiles.activate(demo.id);
  }

  async stop(): Promise<boolean> {
    const sandbox = this.#running ?? (await this.#starting?.catch(() => undefined));
    this.#running = undefined;
    if (!sandbox) return false;
    await sandbox.close();
    await vscode.commands.executeCommand('setContext', ContextKeys.sandboxRunning, false);
    this.#services.log.info('Local sandbox stopped');
    this.#services.fireChange('profile');
    return true;
  }

  dispose(): void {
    void this.stop();
  }
}
