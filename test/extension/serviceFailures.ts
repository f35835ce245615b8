/**
 * What the service-failure suite stands on in the extension host: small servers of ours on 127.0.0.1 that answer as
 * a failing service would, the local sandbox started once, profiles added per test and removed after it, and the
 * checks every failure message must pass.
 */
import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { generateApiKeyPair } from '../../src/api/remote';
import { CommandIds } from '../../src/extension/commandIds';
import type { CommandFailure } from '../../src/extension/commands/registerCommands';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { Profile } from '../../src/extension/profiles/profileStore';
import type { SandboxOrganization } from '../../src/sandbox';
import { extensionApi, noteSecret, organizationNamed, run } from './hostSupport';
import { goAhead, withModalAnswers } from './sandboxProfiles';

export const DEMO_PROFILE = 'local-sandbox';
export const TIMEOUT_SETTING = 'requestTimeoutSeconds';

/** A server of ours on 127.0.0.1 that counts what it was asked and can always be closed. */
export interface FakeService {
  readonly baseUrl: string;
  readonly port: number;
  /** The path of every request received, in order. */
  readonly paths: string[];
  /** The path of every request the client closed before an answer. */
  readonly aborted: string[];
  close(): Promise<void>;
}

export type Answer = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function startFakeService(answer: Answer, port = 0): Promise<FakeService> {
  const server = createServer();
  const boundPort = await listen(server, port);
  const service: FakeService = {
    baseUrl: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    paths: [],
    aborted: [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    service.paths.push(req.url ?? '');
    res.on('close', () => {
      if (!res.writableEnded) service.aborted.push(req.url ?? '');
    });
    // Read the body before answering, as a real service does.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks)));
  });
  return service;
}

/** The requests for one operation (the views may ask a service too, when VS Code shows them). */
export function requestsTo(service: FakeService, operation: string): string[] {
  return service.paths.filter((path) => path.endsWith(`/${operation}`));
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A loopback port where nothing listens (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * What a failure's error says about itself. The extension is a bundle with its own copy of the client's error
 * classes, so `instanceof` against this file's imports cannot work: the name and fields are compared instead.
 */
export interface ErrorFacts {
  readonly name: string;
  readonly message: string;
  readonly hint?: string;
  readonly kind?: string;
  readonly status?: number;
}

export function factsOf(failure: CommandFailure): ErrorFacts {
  const error = failure.error;
  assert.ok(error instanceof Error, `an Error, not ${String(error)}`);
  return error;
}

/** Registers the suite's hooks; what it returns works once the before hook has run. */
export function serviceFailures() {
  let api: CountersignExtensionApi;
  let sandboxUrl: string;
  let organizations: readonly SandboxOrganization[];
  const secrets: string[] = [];
  const failures: CommandFailure[] = [];
  const services: FakeService[] = [];
  const addedProfiles: string[] = [];
  let subscription: vscode.Disposable | undefined;

  const organization = (name: string): SandboxOrganization => organizationNamed(organizations, name);

  function secret(privateKey: string): string {
    secrets.push(privateKey);
    noteSecret(privateKey);
    return privateKey;
  }

  async function fakeService(answer: Answer, port?: number): Promise<FakeService> {
    const service = await startFakeService(answer, port);
    services.push(service);
    return service;
  }

  /** Adds a profile (made active) with a fresh key, or the key given, on Demo's organization id unless told. */
  async function useProfile(
    label: string,
    baseUrl: string,
    options: { privateKey?: string; organizationId?: string } = {},
  ): Promise<Profile> {
    const privateKey = options.privateKey ?? secret(generateApiKeyPair().privateKey);
    // Added as another extension would add it: the user says yes in the dialog.
    const { result: profile } = await withModalAnswers<Profile>(api, goAhead, CommandIds.addProfile, {
      label,
      baseUrl,
      organizationId: options.organizationId ?? organization('Demo').organizationId,
      apiKeyId: undefined,
      privateKey,
    });
    assert.ok(profile, 'the profile was added');
    addedProfiles.push(profile.id);
    assert.equal(api.services.profiles.active()?.id, profile.id);
    return profile;
  }

  /** Nothing half-done: the profile is still there, unchanged, still active, and its key is still stored. */
  async function assertProfileIntact(profile: Profile): Promise<void> {
    assert.deepEqual(api.services.profiles.get(profile.id), profile);
    assert.equal(api.services.profiles.active()?.id, profile.id);
    assert.ok(await api.services.keys.has(profile.id), 'the key is still in secret storage');
  }

  /**
   * One sentence that ends, then a hint that says what to do: the message is the error's own sentence followed
   * by a hint, on one line, short, and without a secret or a stamp.
   */
  function assertClearMessage(failure: CommandFailure, ...mentions: RegExp[]): void {
    const { message } = failure;
    const error = factsOf(failure);
    const sentence = error.message.trim().replace(/([^.!?])$/, '$1.');
    assert.ok(message.startsWith(sentence), `the message starts with the error's sentence, ended: ${message}`);
    const hint = message.slice(sentence.length).trim();
    assert.match(sentence, /^[A-Z"].*[.!?]$/, `the first sentence starts and ends as a sentence: ${sentence}`);
    assert.match(hint, /^[A-Z].*[.!?]$/, `a hint follows, as a sentence: ${message}`);
    assert.match(
      hint,
      /\b(Check|Try|Wait|Raise|Add|Import|Set|Start|Use|Copy|Create|Ask)\b/,
      `the hint says what to do: ${hint}`,
    );
    assert.ok(!/[\r\n]/.test(message), 'one line');
    assert.ok(message.length <= 500, `short enough to read in a notification (${message.length} characters)`);
    assert.ok(
      !/\[object |\bat .+\(.+:\d+:\d+\)|^Countersign: could not/.test(message),
      `no internals, not the generic sentence: ${message}`,
    );
    for (const key of secrets) assert.ok(!message.includes(key), 'no private key in the message');
    assert.ok(!/eyJ[A-Za-z0-9_-]{20,}/.test(message), 'no stamp in the message');
    for (const mention of mentions) assert.match(message, mention);
  }

  before(async () => {
    api = await extensionApi();
    await run(api, CommandIds.startLocalSandbox);
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox, 'the local sandbox runs');
    sandboxUrl = sandbox.baseUrl;
    organizations = sandbox.credentials.organizations;
    for (const org of organizations)
      for (const user of org.users) for (const key of user.apiKeys) secret(key.privateKey);
    subscription = api.onCommandFailure((failure) => failures.push(failure));
  });

  afterEach(async () => {
    await vscode.workspace
      .getConfiguration('countersign')
      .update(TIMEOUT_SETTING, undefined, vscode.ConfigurationTarget.Global);
    if (!api) return;
    await vscode.commands.executeCommand(CommandIds.switchProfile, DEMO_PROFILE);
    for (const id of addedProfiles.splice(0)) await withModalAnswers(api, goAhead, CommandIds.removeProfile, id);
  });

  after(async () => {
    subscription?.dispose();
    await Promise.all(services.splice(0).map((service) => service.close()));
    if (api) assert.equal(api.services.profiles.active()?.id, DEMO_PROFILE);
  });

  return {
    get api(): CountersignExtensionApi {
      return api;
    },
    get sandboxUrl(): string {
      return sandboxUrl;
    },
    secrets,
    failures,
    organization,
    fakeService,
    useProfile,
    assertProfileIntact,
    assertClearMessage,
  };
}
