/** For the extension-host suites: the local sandbox's organizations, and switching to their profiles. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { CommandFailure } from '../../src/extension/commands/registerCommands';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { SandboxOrganization } from '../../src/sandbox';
import { extensionApi, noteSecret, organizationNamed, run } from './hostSupport';

/** Starts the local sandbox (or finds it running) and returns its organizations; their keys go to the secret scan. */
export async function sandboxOrganizations(api: CountersignExtensionApi): Promise<readonly SandboxOrganization[]> {
  if (!api.localSandbox.running) await run(api, 'countersign.startLocalSandbox');
  const sandbox = api.localSandbox.running;
  assert.ok(sandbox, 'the local sandbox runs');
  for (const org of sandbox.credentials.organizations)
    for (const user of org.users) for (const key of user.apiKeys) noteSecret(key.privateKey);
  return sandbox.credentials.organizations;
}

/** Makes active the profile the local sandbox made for a root user of the organization with this name. */
export async function useSandboxProfile(api: CountersignExtensionApi, name: string, userIndex = 0): Promise<string> {
  const org = organizationNamed(await sandboxOrganizations(api), name);
  const user = org.users[userIndex];
  assert.ok(user, `${name} has a user ${userIndex}`);
  const profile = api.services.profiles
    .list()
    .find(
      (p) =>
        p.localSandbox &&
        p.organizationId === org.organizationId &&
        (p.id.endsWith(`.${user.userId}`) || (userIndex === 0 && name === 'Demo')),
    );
  assert.ok(profile, `the local sandbox made a profile for ${name}, user ${userIndex}`);
  await vscode.commands.executeCommand('countersign.switchProfile', profile.id);
  assert.equal(api.services.profiles.active()?.id, profile.id);
  return profile.id;
}

/** Submits a tag in Team as its first root user: an activity that waits for the second one's vote. */
export async function teamActivityWaiting(
  api: CountersignExtensionApi,
  name: string,
  privateKeyIds: readonly string[] = [],
): Promise<Activity> {
  await useSandboxProfile(api, 'Team', 0);
  const submitted = await run<Activity>(api, 'countersign.createPrivateKeyTag', { name, privateKeyIds });
  assert.equal(submitted?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
  assert.ok(submitted);
  return submitted;
}

/** Runs a command while a test answers its modal dialogs; returns the result and the dialogs shown. */
export async function withModalAnswers<T>(
  api: CountersignExtensionApi,
  answer: (request: ModalRequest) => string | undefined,
  command: string,
  ...args: unknown[]
): Promise<{ result: T | undefined; shown: ModalRequest[] }> {
  const shown: ModalRequest[] = [];
  const answering = api.services.modals.answerWith(answer);
  const watching = api.services.modals.onDidShow((request) => shown.push(request));
  try {
    const result = await run<T>(api, command, ...args);
    return { result, shown };
  } finally {
    answering.dispose();
    watching.dispose();
  }
}

/**
 * The hooks of a suite on the local sandbox: before, the extension's API and the sandbox's organizations (given to
 * `ready`), with the Demo profile active; after, the Demo profile active again and no editor left open.
 */
export function sandboxSuiteHooks(
  ready: (api: CountersignExtensionApi, organizations: readonly SandboxOrganization[]) => void,
): void {
  let api: CountersignExtensionApi | undefined;
  before(async () => {
    api = await extensionApi();
    ready(api, await sandboxOrganizations(api));
    await useSandboxProfile(api, 'Demo');
  });
  after(async () => {
    if (api) await useSandboxProfile(api, 'Demo');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
}

/** The answer of a user who goes ahead: the risky action, which every dialog lists last. */
export function goAhead(request: ModalRequest): string | undefined {
  return request.buttons[request.buttons.length - 1];
}

/**
 * Runs a command from outside the extension, as a link or another extension would, while a test answers in the
 * user's place: its dialogs and typed confirmations with `answer`, and any quick pick with Enter. Returns what it
 * returned, the dialogs shown and the failures the user would have seen.
 */
export async function runAnswering<T>(
  api: CountersignExtensionApi,
  answer: (request: ModalRequest) => string | undefined,
  command: string,
  ...args: unknown[]
): Promise<{ result: T | undefined; shown: ModalRequest[]; failures: CommandFailure[] }> {
  const shown: ModalRequest[] = [];
  const failures: CommandFailure[] = [];
  const answering = api.services.modals.answerWith(answer);
  const watching = api.services.modals.onDidShow((request) => shown.push(request));
  const failing = api.onCommandFailure((failure) => failures.push(failure));
  try {
    let settled = false;
    const pending = Promise.resolve(vscode.commands.executeCommand<T>(command, ...args)).finally(() => {
      settled = true;
    });
    for (let i = 0; i < 100 && !settled; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (!settled) await vscode.commands.executeCommand('quickInput.accept');
    }
    return { result: await pending, shown, failures };
  } finally {
    answering.dispose();
    watching.dispose();
    failing.dispose();
  }
}
