/** What the suites running in the extension host share: the extension's API, waiting, and running commands. */
import * as assert from 'node:assert/strict';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandFailure } from '../../src/extension/commands/registerCommands';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ActivitiesElement, MessageElement, OrganizationElement } from '../../src/extension/views/treeElements';
import type { SandboxOrganization } from '../../src/sandbox';

/** Every private key a test handles goes to the secret scan that runs after the suite. */
export function noteSecret(privateKey: string): void {
  const file = process.env['COUNTERSIGN_SECRETS_FILE'];
  if (file) appendFileSync(file, `${privateKey}\n`);
}

/** The test API: activate returns it because this suite runs the extension in ExtensionMode.Test. */
export async function extensionApi(): Promise<CountersignExtensionApi> {
  const extension = vscode.extensions.getExtension<CountersignExtensionApi | undefined>('countersign.countersign');
  assert.ok(extension, 'the extension is installed');
  const api = await extension.activate();
  assert.ok(api, 'activate returned no test API: the suite must run the extension in ExtensionMode.Test');
  return api;
}

/**
 * Probes until it gives a value: for what the extension reaches asynchronously (views, state after a change). The
 * bound is generous (15 s): on a loaded machine a round trip through the workbench can take seconds, and a state
 * that is reached is returned at once.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `body` (which runs `command`); a failure the user would have seen fails the test with its message. */
async function withoutFailures<T>(api: CountersignExtensionApi, command: string, body: () => Promise<T>): Promise<T> {
  const failures: CommandFailure[] = [];
  const subscription = api.onCommandFailure((failure) => failures.push(failure));
  try {
    const result = await body();
    assert.deepEqual(
      failures.map((f) => f.message),
      [],
      `${command} failed`,
    );
    return result;
  } finally {
    subscription.dispose();
  }
}

/** Runs a command that must succeed: a failure the user would have seen fails the test with its message. */
export async function run<T>(
  api: CountersignExtensionApi,
  command: string,
  ...args: unknown[]
): Promise<T | undefined> {
  return withoutFailures(api, command, async () => vscode.commands.executeCommand<T>(command, ...args));
}

/**
 * Runs a command that shows a quick pick or input box, and answers it with a workbench command (accept the
 * selected item, or close it as Escape does) until the command returns. A failure the user would see fails the test.
 * The answer is given again every 150 ms (an answer given before a prompt shows has nothing to answer) until the
 * command settles, for at most 60 s however long the command takes to show its prompt.
 */
export async function answerPrompt<T>(
  api: CountersignExtensionApi,
  answer: 'quickInput.accept' | 'workbench.action.closeQuickOpen',
  command: string,
  ...args: unknown[]
): Promise<T | undefined> {
  return withoutFailures(api, command, async () => {
    let settled = false;
    const pending = Promise.resolve(vscode.commands.executeCommand<T>(command, ...args)).finally(() => {
      settled = true;
    });
    const deadline = Date.now() + 60_000;
    while (!settled && Date.now() < deadline) {
      await Promise.race([pending.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 150))]);
      if (!settled) await vscode.commands.executeCommand(answer);
    }
    return pending;
  });
}

/** Runs a command that must fail, and returns the failure as the user was shown it. */
export async function failureOf(
  api: CountersignExtensionApi,
  command: string,
  ...args: unknown[]
): Promise<CommandFailure> {
  let seen: CommandFailure | undefined;
  const subscription = api.onCommandFailure((failure) => {
    seen = failure;
  });
  try {
    const result = await vscode.commands.executeCommand(command, ...args);
    assert.equal(result, undefined, `${command} returned a result instead of failing`);
  } finally {
    subscription.dispose();
  }
  assert.ok(seen, `${command} reported no failure`);
  return seen;
}

function isMessage(element: ActivitiesElement | OrganizationElement): element is MessageElement {
  return element.kind === 'message';
}

/** The error node and its Retry row, when the list shows them. */
export function errorNodes(
  children: ReadonlyArray<ActivitiesElement | OrganizationElement>,
): { error: MessageElement; retry: MessageElement } | undefined {
  const messages = children.filter(isMessage);
  const error = messages.find((m) => m.iconId === 'error');
  const retry = messages.find((m) => m.command?.title === 'Retry');
  return error && retry ? { error, retry } : undefined;
}

/** The calm state row (a state no Retry changes: the sandbox stopped, the organization gone), when the list shows one. */
export function calmState(
  children: ReadonlyArray<ActivitiesElement | OrganizationElement>,
): MessageElement | undefined {
  return children.filter(isMessage).find((m) => m.token === 'calm' && m.command === undefined);
}

/** The sandbox organization with this name (Demo, Team, Demo Sub-organization). */
export function organizationNamed(organizations: readonly SandboxOrganization[], name: string): SandboxOrganization {
  const found = organizations.find((o) => o.name === name);
  assert.ok(found, `the sandbox has an organization named ${name}`);
  return found;
}

/** The text of the "Countersign" log channel's file, as written so far. */
export function logText(api: CountersignExtensionApi): string {
  const dir = api.services.context.logUri.fsPath;
  const files = existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile() && entry.name === 'Countersign.log',
      )
    : [];
  return files.map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).join('\n');
}
