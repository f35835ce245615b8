// The names of the files in a .vsix (a zip), read from the archive's central directory, so the test checks
// what was really packaged without an unzip tool; and the exact list a .vsix of this tree should hold.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../support/fixtures';

/** What the UI tests read in package.json. */
export const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
  version: string;
  main: string;
};

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

export function listVsixFiles(file: string): string[] {
  const zip = readFileSync(file);
  // The end record is in the last 22 bytes plus an optional comment of up to 64 KiB.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i -= 1) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY)
      throw new Error(`${file}: bad central directory entry ${n}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names.sort();
}

/** The bundle's entry and every chunk it reaches through its imports, as the .vsix names them. */
function bundleFilesReachedFrom(entry: string): string[] {
  const reached = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/["'](\.\.?\/[^"'\s]+\.m?js)["']/g)) {
      queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  }
  return [...reached].map((file) => `extension/${path.relative(repoRoot, file).split(path.sep).join('/')}`);
}

/**
 * Every file the .vsix should hold, sorted: what VS Code loads (the entry and the chunks it imports, no stale chunk
 * of an older build), the docs, and the manifest files vsce adds; nothing else.
 */
export function expectedVsixFiles(): string[] {
  const walkthrough = readdirSync(path.join(repoRoot, 'media', 'walkthrough'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `extension/media/walkthrough/${name}`);
  return [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/LICENSE.txt',
    'extension/changelog.md',
    ...bundleFilesReachedFrom(path.join(repoRoot, manifest.main)),
    // The local sandbox runs as a process of its own, from its own bundle.
    'extension/dist/sandbox.js',
    // The messages VS Code translates (package.json's "l10n").
    'extension/l10n/bundle.l10n.json',
    // The review page's script, bundled for the webview.
    'extension/dist/webview/review.js',
    'extension/media/countersign.svg',
    'extension/media/icon.png',
    // The JSON schema of policy files (package.json's "jsonValidation").
    'extension/media/policyFile.schema.json',
    'extension/media/review/review.css',
    ...walkthrough,
    'extension/package.json',
    'extension/package.nls.json',
    'extension/readme.md',
  ].sort();
}
