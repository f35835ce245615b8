/** The translation seam of the pure modules: they take a Translate, the extension passes `vscode.l10n.t`. */

/**
 * Formats a user-facing string: `{0}`, `{1}`… are replaced by the arguments. The extension passes
 * `vscode.l10n.t`; the default fills the placeholders of the English text.
 */
export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

export const englishText: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
