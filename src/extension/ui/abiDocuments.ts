/**
 * Where an ABI's text comes from: a document open in an editor (its current text, saved or not), a file the
 * explorer or a menu names, or text passed by a caller. The name returned is what error messages show, so
 * that a message points at the file the user sees.
 */
import * as vscode from 'vscode';
import { InvalidInputError } from '../../api';

export interface AbiSource {
  readonly text: string;
  /** The name shown in messages: the workspace-relative path, else the file's path; undefined for bare text. */
  readonly fileName: string | undefined;
  readonly uri: vscode.Uri | undefined;
}

/** Artifacts carry bytecode and sources, so they are much larger than their ABI; this only guards memory. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

export function displayName(uri: vscode.Uri): string {
  if (uri.scheme === 'untitled') return uri.path;
  const relative = vscode.workspace.asRelativePath(uri, false);
  return relative !== '' ? relative : (uri.path.split('/').pop() ?? uri.toString());
}

function isJsonDocument(document: vscode.TextDocument): boolean {
  return document.languageId === 'json' || document.languageId === 'jsonc' || /\.json$/i.test(document.uri.path);
}

export function sourceOfDocument(document: vscode.TextDocument): AbiSource {
  return { text: document.getText(), fileName: displayName(document.uri), uri: document.uri };
}

/** The active editor's document when it is JSON (or any document when `anyLanguage`), else undefined. */
export function activeEditorSource(): AbiSource | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document && isJsonDocument(document) ? sourceOfDocument(document) : undefined;
}

/** A Uri, or a string that is a URI (`file:///…`) or a file system path. */
export function toUri(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(value) ? vscode.Uri.parse(value, true) : vscode.Uri.file(value);
}

/**
 * The text of the file at `uri`: an open document's current text (unsaved edits included), else the file as
 * stored. A missing, unreadable or oversized file is an error that names it.
 */
export async function readAbiSource(uri: vscode.Uri): Promise<AbiSource> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) return sourceOfDocument(open);
  const fileName = displayName(uri);
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch {
    throw new InvalidInputError('ABI file', vscode.l10n.t('{0}: the file cannot be found or opened.', fileName));
  }
  if (stat.type & vscode.FileType.Directory) {
    throw new InvalidInputError(
      'ABI file',
      vscode.l10n.t('{0} is a folder; choose an ABI or artifact JSON file.', fileName),
    );
  }
  if (stat.size > MAX_FILE_BYTES) {
    throw new InvalidInputError(
      'ABI file',
      vscode.l10n.t(
        '{0}: the file is {1} MB, too large to be an ABI or a contract artifact.',
        fileName,
        Math.ceil(stat.size / (1024 * 1024)),
      ),
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(uri);
  } catch {
    throw new InvalidInputError('ABI file', vscode.l10n.t('{0}: the file cannot be read.', fileName));
  }
  return { text: new TextDecoder('utf-8').decode(bytes), fileName, uri };
}

/** Asks for a JSON file when no editor holds one. Undefined when the user closes the dialog. */
export async function chooseAbiFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    canSelectFolders: false,
    openLabel: vscode.l10n.t('Use this ABI'),
    title: vscode.l10n.t('Choose an ABI or contract artifact (JSON)'),
    filters: { [vscode.l10n.t('JSON files')]: ['json'] },
  });
  return picked?.[0];
}
