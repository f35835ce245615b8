/**
 * What `@vscode/l10n` is in the extension's build (esbuild.mjs aliases the package to this file): VS Code's own
 * `l10n.t`, which reads the bundle of the display language. The pure modules import `@vscode/l10n` so that they
 * run in plain Node (where the package formats the English text) and so that `npm run l10n` finds their messages;
 * in the extension host they translate exactly as the modules that call `vscode.l10n.t` do, and the package itself
 * is not bundled.
 */
import * as vscode from 'vscode';

export const t: typeof vscode.l10n.t = (...args: unknown[]): string =>
  Reflect.apply(vscode.l10n.t, vscode.l10n, args) as string;
