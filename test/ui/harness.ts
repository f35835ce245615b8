// Typed access to scripts/codeServer.mjs and scripts/secretScan.mjs, which the test runners and `npm start`
// share. They are plain ES modules outside the compiled tree, so they are imported by absolute URL.
import type { ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { repoRoot } from '../support/fixtures';

export interface CodeServerInstall {
  readonly dir: string;
  readonly node: string;
  readonly entry: string;
}

export interface Scratch {
  readonly root: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  readonly tmp: string;
  readonly configFile: string;
  dispose(): void;
}

export interface RunningCodeServer {
  readonly child: ChildProcess;
  readonly port: number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export interface CodeServerModule {
  requireCodeServer(): CodeServerInstall;
  makeScratch(prefix?: string, extraSettings?: Record<string, unknown>): Scratch;
  copyFixtureWorkspace(target: string): string;
  freePort(preferred?: number): Promise<number>;
  runCodeServerCli(
    install: CodeServerInstall,
    scratch: Scratch,
    args: string[],
    options?: { timeoutMs?: number },
  ): Promise<string>;
  startCodeServer(
    install: CodeServerInstall,
    scratch: Scratch,
    options: {
      port: number;
      folder?: string;
      smokeTestDriver?: boolean;
      env?: Record<string, string>;
      onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
    },
  ): RunningCodeServer;
  waitForHealthz(server: RunningCodeServer, timeoutMs?: number): Promise<void>;
  launchChromium(options?: { headless?: boolean }): Promise<Browser>;
  /** `payload`: the smoke-test driver's [name, value] pairs (extension development and tests). */
  workbenchUrl(port: number, folder?: string, payload?: ReadonlyArray<readonly [string, string]>): string;
  /** The workbench URL `npm start` prints: on `localhost`, where passkeys work. */
  browserUrl(port: number, folder?: string): string;
  /** A path on the server as the remote (Node) extension host sees it. */
  remoteUri(port: number, absolutePath: string): string;
}

export interface SecretFinding {
  readonly source: string;
  readonly line: number;
  readonly kind: string;
}

export interface SecretScanModule {
  scanDirectory(dir: string, secrets?: string[], label?: (file: string) => string): SecretFinding[];
  scanText(text: string, source: string, secrets?: string[]): SecretFinding[];
  describeFinding(finding: SecretFinding): string;
}

async function importScript<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(path.join(repoRoot, 'scripts', name)).href)) as T;
}

export const loadCodeServer = (): Promise<CodeServerModule> => importScript<CodeServerModule>('codeServer.mjs');
export const loadSecretScan = (): Promise<SecretScanModule> => importScript<SecretScanModule>('secretScan.mjs');
