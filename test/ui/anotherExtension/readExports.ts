// Another extension's test entry: loaded beside the packaged Countersign (installed, so in Production mode), it
// activates Countersign and writes down what `activate` gave it, as any installed extension could read it.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';

export interface ExportsReading {
  /** Whether Countersign is installed in this extension host. */
  readonly found: boolean;
  /** Countersign's folder: an installed extension lives in the extensions folder, not under development. */
  readonly extensionPath?: string;
  /** `typeof exports`. */
  readonly type?: string;
  /** The names `exports` holds when it is an object. */
  readonly names?: string[];
}

export async function run(): Promise<void> {
  const file = process.env['COUNTERSIGN_EXPORTS_READING'];
  if (!file) throw new Error('COUNTERSIGN_EXPORTS_READING is not set');
  const extension = vscode.extensions.getExtension('countersign.countersign');
  let reading: ExportsReading = { found: false };
  if (extension) {
    const exports: unknown = await extension.activate();
    reading = {
      found: true,
      extensionPath: extension.extensionPath,
      type: typeof exports,
      names: exports !== null && typeof exports === 'object' ? Object.keys(exports) : [],
    };
  }
  writeFileSync(file, JSON.stringify(reading));
}
