/**
 * Runs code as in a display language other than English: every message of the exported bundle
 * (l10n/bundle.l10n.json) is given a translation, so a sentence that reaches the reader without passing through
 * `l10n.t`, or whose message the bundle lacks, shows untranslated.
 */
import * as l10n from '@vscode/l10n';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './fixtures';

export function inTranslation<T>(translate: (message: string) => string, body: () => T): T {
  const bundle = JSON.parse(readFileSync(path.join(repoRoot, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<
    string,
    string
  >;
  l10n.config({ contents: Object.fromEntries(Object.keys(bundle).map((key) => [key, translate(key)])) });
  try {
    return body();
  } finally {
    l10n.config({ contents: {} });
  }
}
