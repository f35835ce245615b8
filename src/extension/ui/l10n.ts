/** The translation helper the pure presentation modules take: VS Code's l10n. */
import * as vscode from 'vscode';
import type { Translate } from './translate';

export const t: Translate = (message, ...args) => vscode.l10n.t(message, ...args);
