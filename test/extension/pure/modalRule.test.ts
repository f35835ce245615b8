/**
 * One rule for every modal dialog of the extension: where what it asks cannot be taken back, Enter (the first
 * button) chooses a harmless button. The rule lives in `ModalAsk`; this suite checks the rule itself, and that no
 * file shows a modal except through it.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { requestOf, type ModalAsk } from '../../../src/extension/ui/modalAsk';
import { repoRoot } from '../../support/fixtures';

const extensionRoot = path.join(repoRoot, 'src', 'extension');
const DIALOGS_FILE = path.join(extensionRoot, 'ui', 'modalDialogs.ts');
const MESSAGE_CALLS = new Set(['showWarningMessage', 'showErrorMessage', 'showInformationMessage']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Where a file calls showWarningMessage (or a sibling) with `modal` set in its options, as `file:line`. */
function modalCalls(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  // Only a file that says `modal` can pass it; the others need no parse.
  if (!text.includes('modal')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      MESSAGE_CALLS.has(node.expression.name.text) &&
      node.arguments.some(
        (argument) =>
          ts.isObjectLiteralExpression(argument) &&
          argument.properties.some((property) => property.name?.getText(source) === 'modal'),
      )
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${path.relative(repoRoot, file)}:${line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the rule of modal dialogs: Enter never does what cannot be undone', () => {
  it('lists the harmless buttons first, so that Enter chooses the first of them', () => {
    const request = requestOf({
      message: 'Delete policy "Hot keys"?',
      detail: 'The organization stops applying it.',
      harmless: ['Keep Policy', 'Show Policy'],
      actions: ['Delete'],
      irreversible: true,
    });
    assert.deepEqual(request.buttons, ['Keep Policy', 'Show Policy', 'Delete']);
    assert.deepEqual(request.harmless, ['Keep Policy', 'Show Policy']);
    assert.equal(request.irreversible, true);
  });

  it('lets an ask that can be undone give Enter its action', () => {
    const request = requestOf({ message: 'Create policy?', detail: '', actions: ['Create'], irreversible: false });
    assert.deepEqual(request.buttons, ['Create']);
    assert.deepEqual(request.harmless, []);
  });

  it('refuses an irreversible ask with no harmless button, even one that got past the types', () => {
    const unsafe = {
      message: 'Remove the profile?',
      detail: '',
      harmless: [],
      actions: ['Remove'],
      irreversible: true,
    };
    assert.throws(() => requestOf(unsafe as unknown as ModalAsk), /Irreversible dialog without a harmless button/);
  });

  it('no file of the extension shows a modal except through the dialogs object', () => {
    const files = sourceFiles(extensionRoot);
    assert.ok(files.length > 100, 'the extension’s sources were found');
    const calls = files.flatMap(modalCalls);
    assert.deepEqual(
      calls.map((call) => call.replace(/:\d+$/, '')),
      [path.relative(repoRoot, DIALOGS_FILE)],
      `modals shown outside ModalDialogs: ${calls.join(', ')}`,
    );
  });
});
