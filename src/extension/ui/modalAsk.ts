/**
 * What a modal dialog asks and the request a user sees (pure: no VS Code). In a VS Code modal the first button is
 * what Enter chooses, and Cancel is added last by VS Code. One rule holds for every dialog that cannot be taken back
 * (a vote, a deletion, a key or passkey replaced): its first button is harmless (it shows or keeps something), so
 * Enter never does what cannot be undone. `ModalAsk` makes the rule a type: an irreversible ask without a harmless
 * button does not compile, and `requestOf` refuses one that got past the types.
 */
export interface ModalRequest {
  readonly message: string;
  readonly detail: string;
  /** In the order shown; the first is the Enter default. */
  readonly buttons: readonly string[];
  /** The buttons that change nothing (they show or keep something), first in `buttons`. */
  readonly harmless: readonly string[];
  /** True when what the dialog asks for cannot be taken back. */
  readonly irreversible: boolean;
}

interface ModalAskBase {
  readonly message: string;
  readonly detail: string;
  /** What the dialog asks for, shown after the harmless buttons. */
  readonly actions: readonly string[];
}

/**
 * What a command asks. An irreversible ask must offer at least one harmless button, the first of which Enter
 * chooses; an ask that can be undone may offer none, so that Enter does what the user just asked for.
 */
export type ModalAsk = ModalAskBase &
  (
    | { readonly irreversible: true; readonly harmless: readonly [string, ...string[]] }
    | { readonly irreversible: false; readonly harmless?: readonly string[] }
  );

/** The request a user sees for an ask: harmless buttons first. */
export function requestOf(ask: ModalAsk): ModalRequest {
  const harmless = ask.harmless ?? [];
  // A defect, never shown to a user: Enter would choose what cannot be undone.
  if (ask.irreversible && harmless.length === 0)
    throw new Error(`Irreversible dialog without a harmless button: ${ask.message}`);
  return {
    message: ask.message,
    detail: ask.detail,
    buttons: [...harmless, ...ask.actions],
    harmless,
    irreversible: ask.irreversible,
  };
}
