/**
 * What the operation-command suites share in the extension host: the local sandbox started once, its organizations'
 * keys noted for the secret scan, the Demo profile active, and helpers that run commands as a user would.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity, SmartContractInterface } from '../../src/api';
import { toChecksumAddress } from '../../src/api/remote';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { SandboxOrganization } from '../../src/sandbox';
import {
  extensionApi,
  answerPrompt as answerPromptOf,
  failureOf as commandFailure,
  noteSecret,
  organizationNamed,
  run as runCommand,
} from './hostSupport';
import { goAhead, runAnswering } from './sandboxProfiles';

export const DEMO_PROFILE = 'local-sandbox';
/** An address in its EIP-55 form; the tests also pass it all lowercase. */
export const ADDRESS = toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');

/** Registers the suite's before and after hooks; the helpers it returns work once the before hook has run. */
export function operationCommands() {
  let api: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[];

  const organization = (name: string): SandboxOrganization => organizationNamed(organizations, name);

  /** The id of the profile the local sandbox made for a root user of an organization. */
  function profileOf(name: string, userIndex = 0): string {
    const org = organization(name);
    if (name === 'Demo' && userIndex === 0) return DEMO_PROFILE;
    const user = org.users[userIndex];
    assert.ok(user, `${name} has a user ${userIndex}`);
    const profile = api.services.profiles
      .list()
      .find((p) => p.localSandbox && p.organizationId === org.organizationId && p.id.endsWith(`.${user.userId}`));
    assert.ok(profile, `the local sandbox made a profile for ${name}, user ${userIndex}`);
    return profile.id;
  }

  async function useProfile(name: string, userIndex = 0): Promise<void> {
    const id = profileOf(name, userIndex);
    await vscode.commands.executeCommand('countersign.switchProfile', id);
    assert.equal(api.services.profiles.active()?.id, id);
  }

  const run = <T>(command: string, ...args: unknown[]) => runCommand<T>(api, command, ...args);
  const failureOf = (command: string, ...args: unknown[]) => commandFailure(api, command, ...args);

  const answerPrompt = <T>(
    answer: 'quickInput.accept' | 'workbench.action.closeQuickOpen',
    command: string,
    ...args: unknown[]
  ) => answerPromptOf<T>(api, answer, command, ...args);

  /** Runs a command that asks before it acts, and answers its dialogs as a user who goes ahead. */
  const confirming = async <T>(command: string, ...args: unknown[]) => {
    const { result, failures } = await runAnswering<T>(api, goAhead, command, ...args);
    assert.deepEqual(
      failures.map((f) => f.message),
      [],
      `${command} failed`,
    );
    return result;
  };

  async function interfaces(): Promise<SmartContractInterface[]> {
    const { client, profile } = await api.services.requireSession();
    return client.listSmartContractInterfaces({ organizationId: profile.organizationId });
  }

  async function submittedCount(): Promise<number> {
    const { client, profile } = await api.services.requireSession();
    const activities = await client.listActivities({
      organizationId: profile.organizationId,
      filterByType: ['ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE'],
      paginationOptions: { limit: '100' },
    });
    return activities.length;
  }

  function createdId(activity: Activity): string {
    const result = activity.result['createSmartContractInterfaceResult'] as
      { smartContractInterfaceId?: string } | undefined;
    assert.ok(result?.smartContractInterfaceId, 'the activity names the new interface');
    return result.smartContractInterfaceId;
  }

  before(async () => {
    api = await extensionApi();
    await run('countersign.startLocalSandbox');
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox, 'the local sandbox runs');
    organizations = sandbox.credentials.organizations;
    for (const org of organizations)
      for (const user of org.users) for (const key of user.apiKeys) noteSecret(key.privateKey);
    await useProfile('Demo');
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('countersign')
      .update('generateAppProofs', undefined, vscode.ConfigurationTarget.Global);
    if (api) await vscode.commands.executeCommand('countersign.switchProfile', DEMO_PROFILE);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  return {
    get api(): CountersignExtensionApi {
      return api;
    },
    organization,
    profileOf,
    useProfile,
    run,
    failureOf,
    answerPrompt,
    confirming,
    interfaces,
    submittedCount,
    createdId,
  };
}
