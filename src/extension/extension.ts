/**
 * Activation: build the Services object, then start each feature and give its disposables to the context.
 * Activation is lazy (a view or a command). `activate` returns the test API in ExtensionMode.Test only: anywhere
 * else any installed extension could read it through `getExtension(…).exports`, key vault included.
 */
import * as vscode from 'vscode';
import { registerAbiEditor, type AbiEditor } from './abi/abiEditor';
import { registerCommands, type CommandFailure } from './commands/registerCommands';
import { LocalSandbox } from './localSandbox';
import { openClient } from './clientDoor';
import { createLog } from './output/log';
import { registerActivityJsonDocuments } from './output/jsonDocuments';
import { KeyVault } from './profiles/keyVault';
import { registerActiveProfileDescription } from './profiles/activeProfileDescription';
import { registerOrganizationKindContext } from './profiles/organizationKind';
import { registerProfileStatusBar } from './profiles/profileStatusBar';
import { ProfileStore } from './profiles/profileStore';
import { registerPolicyEditor, type PolicyEditor } from './policyFiles/policyEditor';
import { createServices, type Services } from './services';
import { registerActivitiesView } from './views/activitiesView';
import { Inbox } from './inbox/inbox';
import { registerOrganizationView } from './views/organizationView';
import { ReviewPages } from './review/reviewPages';
import type { Views } from './views/views';

/** The extension's internals, for its own integration tests: returned only in ExtensionMode.Test. */
export interface CountersignExtensionApi {
  readonly services: Services;
  readonly views: Views;
  readonly localSandbox: LocalSandbox;
  /** The lenses, diagnostics and quick fixes of ABI files. */
  readonly abiEditor: AbiEditor;
  /** Completion, hovers, diagnostics and lenses of policy files. */
  readonly policyEditor: PolicyEditor;
  /** What waits for the current user's vote (the Activities view's group, its badge and the status bar). */
  readonly inbox: Inbox;
  /** Every command failure, with the message the user saw. */
  readonly onCommandFailure: vscode.Event<CommandFailure>;
  /** How long activate took, in milliseconds. */
  readonly activationMs: number;
}

let localSandbox: LocalSandbox | undefined;

export function activate(context: vscode.ExtensionContext): CountersignExtensionApi | undefined {
  const started = performance.now();
  const version = String((context.extension.packageJSON as { version?: unknown }).version);
  // The channel is made on the first line; its first line says which version of Countersign wrote it.
  const log = createLog(() => {
    const channel = vscode.window.createOutputChannel('Countersign', { log: true });
    context.subscriptions.push(channel);
    channel.info(`Countersign ${version}`);
    return channel;
  });
  // One file in the global storage folder, shared and watched by every window: they show and sign as one profile.
  const profiles = new ProfileStore(context.globalStorageUri.fsPath, context.globalState);
  const keys = new KeyVault(context.secrets, log.redactor, openClient);
  context.subscriptions.push(profiles, keys);

  const sandbox = new LocalSandbox({ context, log, profiles, keys });
  localSandbox = sandbox;
  const services = createServices(context, log, profiles, keys, sandbox, openClient);
  const inbox = new Inbox(services, openClient);
  context.subscriptions.push(inbox);
  const views: Views = {
    activities: registerActivitiesView(services, inbox),
    organization: registerOrganizationView(services),
    reviews: new ReviewPages(services),
  };
  context.subscriptions.push(views.activities, views.organization, views.reviews, sandbox);
  context.subscriptions.push(registerActivityJsonDocuments(services), registerProfileStatusBar(services));
  context.subscriptions.push(
    registerOrganizationKindContext(services),
    registerActiveProfileDescription(services, views),
  );
  const onCommandFailure = registerCommands(services, views, sandbox);
  const abiEditor = registerAbiEditor(services);
  context.subscriptions.push(abiEditor);
  const policyEditor = registerPolicyEditor(services);
  context.subscriptions.push(policyEditor);

  const activationMs = performance.now() - started;
  // Other extensions share this host and can read what activate returns: outside tests, they get nothing.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return { services, views, localSandbox: sandbox, abiEditor, policyEditor, inbox, onCommandFailure, activationMs };
}

export async function deactivate(): Promise<void> {
  // The sandbox holds a port and a journal: close them before the host goes.
  await localSandbox?.stop();
  localSandbox = undefined;
}
