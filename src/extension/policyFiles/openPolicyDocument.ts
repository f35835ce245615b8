/** Opens a policy's text as a new untitled policy file (`<name>.policy.json`), so that its features apply. */
import * as vscode from 'vscode';

/** A new untitled policy file beside the workspace's files, named after the policy, with its text. */
export async function openPolicyDocument(name: string, text: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const fileName = `${name.replace(/[\\/:*?"<>|#%\s]+/g, '-').toLowerCase() || 'policy'}.policy.json`;
  const untitled = folder
    ? vscode.Uri.joinPath(folder, fileName).with({ scheme: 'untitled' })
    : vscode.Uri.from({ scheme: 'untitled', path: `/${fileName}` });
  let document = await vscode.workspace.openTextDocument(untitled);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    untitled,
    new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
    text,
  );
  await vscode.workspace.applyEdit(edit);
  document = await vscode.workspace.openTextDocument(untitled);
  if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
  await vscode.window.showTextDocument(document);
  return document;
}
