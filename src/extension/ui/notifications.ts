/**
 * The only callers of VS Code's information, warning and error notifications (modal dialogs are in
 * modalDialogs.ts). VS Code turns `[text](command:…)` in a notification into a link that runs the command, so every
 * message passes through `notificationText` first: a name from the service shows as text and runs nothing.
 */
import * as vscode from 'vscode';
import { notificationText } from './shownText';

export function showInformation(message: string, ...items: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(notificationText(message), ...items);
}

export function showWarning(message: string, ...items: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(notificationText(message), ...items);
}

export function showErrorNotification(message: string, ...items: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(notificationText(message), ...items);
}
