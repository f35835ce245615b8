/**
 * How many accounts each wallet's row shows in the Organization view: a page at first, one page more each time its
 * "Show N more…" row is clicked (countersign.showMoreWalletAccounts). Kept by the row's id while the view lives, so
 * that a reload keeps what the user opened; the wallet's row as the tree last opened it is kept to redraw only it.
 */
import type { MessageElement, WalletAccountElement, WalletElement } from './treeElements';
import { ACCOUNT_PAGE, walletChildren } from './walletItems';

export class WalletPages {
  readonly #shown = new Map<string, number>();
  readonly #opened = new Map<string, WalletElement>();

  /** The rows under a wallet's row: its accounts up to the page reached, then "Show N more…" when it has more. */
  children(element: WalletElement): Array<WalletAccountElement | MessageElement> {
    this.#opened.set(element.id, element);
    return walletChildren(element, this.#shown.get(element.id) ?? ACCOUNT_PAGE);
  }

  /** One page more under the wallet's row; returns the row to redraw, when the tree has opened it. */
  more(walletRowId: string): WalletElement | undefined {
    this.#shown.set(walletRowId, (this.#shown.get(walletRowId) ?? ACCOUNT_PAGE) + ACCOUNT_PAGE);
    return this.#opened.get(walletRowId);
  }

  /** Another profile: its wallets start at their first page. */
  clear(): void {
    this.#shown.clear();
    this.#opened.clear();
  }
}
