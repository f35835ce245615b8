// What a workbench run leaves on disk, read after (or while) it runs: the extension's "Countersign" log, and the
// private keys of the local sandbox it started, which must never appear in any log.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** The text of every "Countersign" log file code-server wrote under its user data folder. */
export function countersignLogs(userDataDir: string): string[] {
  const logsDir = path.join(userDataDir, 'logs');
  if (!existsSync(logsDir)) return [];
  return readdirSync(logsDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === 'Countersign.log')
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

/** The last entries of the extension's log (first lines only, not the JSON it prints), to explain a failed step. */
export function countersignLogTail(userDataDir: string, count: number): string[] {
  return countersignLogs(userDataDir).flatMap((text) =>
    text
      .split('\n')
      .filter((line) => /^\d{4}-\d\d-\d\d /.test(line))
      .slice(-count),
  );
}

/** Prints the last entries of the extension's log, for a suite's `onFailure`: what else explains a failed step. */
export function printLogTail({ scratch }: { readonly scratch: { readonly userDataDir: string } }): void {
  for (const line of countersignLogTail(scratch.userDataDir, 20)) console.log(`      log: ${line}`);
}

/** Every `privateKey` value in the sandbox's credentials.json files under `dir`: what must never reach a log. */
export function sandboxPrivateKeys(dir: string): string[] {
  const keys: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) {
        if (name === 'privateKey' && typeof inner === 'string') keys.push(inner);
        else collect(inner);
      }
    }
  };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'credentials.json') {
      collect(JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')));
    }
  }
  return keys;
}
