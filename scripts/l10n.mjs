// @ts-check
// Writes l10n/bundle.l10n.json, the strings VS Code translates, from the extension's sources.
//   node scripts/l10n.mjs           (npm run l10n) writes the bundle
//   node scripts/l10n.mjs --check   exits 1 when the bundle differs from what the sources hold
//
// @vscode/l10n-dev exports every `vscode.l10n.t(...)` call. The pure modules (wording/, views' presentation) take
// the translation function as a parameter named `t` (ui/translate.ts), which that export cannot follow; their
// literal messages are added here, read with the TypeScript compiler's parser. Keys are sorted, so that the file
// changes only where a message does.
import { getL10nJson } from '@vscode/l10n-dev';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sources = path.join(root, 'src', 'extension');
export const BUNDLE = path.join(root, 'l10n', 'bundle.l10n.json');

/**
 * Every .ts file under a folder.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The literal messages passed to a translation function named `t` (the `Translate` parameter and its alias).
 * @param {string} fileName
 * @param {string} contents
 * @returns {string[]}
 */
function translateCalls(fileName, contents) {
  /** @type {string[]} */
  const found = [];
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 't' &&
      node.arguments.length > 0
    ) {
      const [message] = node.arguments;
      if (message && (ts.isStringLiteral(message) || ts.isNoSubstitutionTemplateLiteral(message)))
        found.push(message.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, contents, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return found;
}

/** The bundle the sources make, as the text of the file. */
export async function bundleText() {
  const files = sourceFiles(sources).map((file) => ({
    extension: '.ts',
    contents: readFileSync(file, 'utf8'),
    fileName: file,
  }));
  const exported = await getL10nJson(files);
  const bundle = { ...exported };
  for (const file of files) {
    for (const message of translateCalls(file.fileName, file.contents)) bundle[message] ??= message;
  }
  const sorted = Object.fromEntries(
    Object.keys(bundle)
      .sort()
      .map((key) => [key, bundle[key]]),
  );
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await bundleText();
  /** @type {unknown} */
  const parsed = JSON.parse(text);
  const count = Object.keys(/** @type {Record<string, string>} */ (parsed)).length;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(BUNDLE, 'utf8');
    } catch {
      // No bundle yet: it differs.
    }
    if (current !== text) {
      console.error(`${path.relative(root, BUNDLE)} is out of date with the sources: run "npm run l10n".`);
      process.exit(1);
    }
    console.log(`${path.relative(root, BUNDLE)} is up to date (${count} messages).`);
  } else {
    mkdirSync(path.dirname(BUNDLE), { recursive: true });
    writeFileSync(BUNDLE, text);
    console.log(`Wrote ${count} messages to ${path.relative(root, BUNDLE)}.`);
  }
}
