/**
 * What the wallet commands ask for, each asked only when the call did not give it: the wallet (its row, its id, or
 * a pick of the organization's wallets, read from the store's wallet book), an account preset, a count, a name
 * checked as the service checks it (1 to 256 characters, unique in the organization). A value given by a caller
 * that the service would refuse fails before anything is sent.
 */
import * as l10n from '@vscode/l10n';
import { CancelledError, InvalidInputError } from '../../api';
import type { Services, Session } from '../services';
import type { WalletBook, WalletEntry } from '../store/walletBook';
import { errorText } from '../../api/core';
import { withProgress } from '../ui/progress';
import { askText, pickOne } from '../ui/prompts';
import { accountCountProblemText, walletNameProblemText } from '../wording/walletWords';
import type { WalletNode } from '../views/walletNodes';
import { accountCountProblem, presetById, WALLET_PRESETS, walletNameProblem, type WalletPreset } from './walletPresets';

/** A wallet as a call names it: its row, its id, or nothing (a pick). */
export interface WalletTarget {
  readonly node?: WalletNode | undefined;
  readonly walletId?: string | undefined;
}

/** The organization's wallets as the store read them; a book that could not be read fails the command. */
export async function readWallets(services: Services): Promise<WalletBook> {
  const book = await withProgress(l10n.t('Listing wallets…'), async () => (await services.store()).walletBook());
  return book ?? { wallets: [], byAddress: new Map(), listedAll: true };
}

/** The wallet names taken in the organization, to check a name as it is typed; empty when they cannot be read. */
export async function takenWalletNames(services: Services): Promise<Set<string>> {
  try {
    return new Set((await readWallets(services)).wallets.map((entry) => entry.wallet.walletName));
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    services.log.warn(`Could not list the wallets to check the name: ${errorText(error)}`);
    return new Set();
  }
}

/** The wallet the call names, with its accounts as the store has them now; undefined when a pick is dismissed. */
export async function resolveWallet(
  services: Services,
  session: Session,
  target: WalletTarget,
  placeHolder: string,
): Promise<WalletEntry | undefined> {
  const organizationId = session.profile.organizationId;
  if (target.node && target.node.organizationId !== organizationId) {
    throw new InvalidInputError(
      'wallet',
      l10n.t(
        "That wallet is of organization {0}, not of the active profile's ({1}).",
        target.node.organizationId,
        organizationId,
      ),
      l10n.t('Switch to a profile of that organization, then try again.'),
    );
  }
  const book = await readWallets(services);
  const walletId = target.node?.wallet.walletId ?? target.walletId;
  if (walletId !== undefined) {
    const found = book.wallets.find((entry) => entry.wallet.walletId === walletId);
    if (found) return found;
    if (target.node) return { wallet: target.node.wallet, accounts: target.node.accounts };
    throw new InvalidInputError(
      'wallet',
      l10n.t('The organization has no wallet with ID {0}. Nothing was sent.', walletId),
    );
  }
  if (book.wallets.length === 0) {
    throw new InvalidInputError(
      'wallet',
      l10n.t('The organization has no wallet yet. Nothing was sent.'),
      l10n.t('Create one with Create Wallet….'),
    );
  }
  const items = [...book.wallets]
    .sort((a, b) => a.wallet.walletName.localeCompare(b.wallet.walletName))
    .map((entry) => ({
      label: entry.wallet.walletName || entry.wallet.walletId,
      description: entry.accounts.length === 1 ? l10n.t('1 account') : l10n.t('{0} accounts', entry.accounts.length),
      detail: entry.wallet.walletId,
      entry,
    }));
  return (await pickOne(items, { placeHolder }))?.entry;
}

/** The preset the call names by id, or the one picked; undefined when the pick is dismissed. */
export async function choosePreset(given: string | undefined, title: string): Promise<WalletPreset | undefined> {
  if (given !== undefined) {
    const preset = presetById(given);
    if (preset) return preset;
    throw new InvalidInputError(
      'preset',
      l10n.t('There is no account preset "{0}". Nothing was sent.', given),
      l10n.t('Presets: {0}.', WALLET_PRESETS.map((p) => p.id).join(', ')),
    );
  }
  const items = WALLET_PRESETS.map((preset) => ({
    label: preset.label,
    description: preset.path.replace('{i}', 'n'),
    detail: l10n.t(
      '{0} addresses on {1}',
      preset.addressFormat.replace(/^ADDRESS_FORMAT_/, ''),
      preset.curve.replace(/^CURVE_/, ''),
    ),
    preset,
  }));
  return (await pickOne(items, { title, placeHolder: l10n.t('Which kind of account?') }))?.preset;
}

/** The number of accounts, given or typed (1 to 100); undefined when the box is dismissed. */
export async function chooseCount(given: number | undefined, title: string): Promise<number | undefined> {
  const validateInput = (text: string) => {
    const problem = accountCountProblem(text);
    return problem ? accountCountProblemText(problem) : undefined;
  };
  const text =
    given !== undefined
      ? String(given)
      : await askText({ title, prompt: l10n.t('How many accounts? From 1 to 100.'), value: '1', validateInput });
  if (text === undefined) return undefined;
  const problem = validateInput(text);
  if (problem) throw new InvalidInputError('count', l10n.t('{0} Nothing was sent.', problem));
  return Number(text.trim());
}

/** A wallet name, given or typed, checked against the names taken; undefined when the box is dismissed. */
export async function chooseWalletName(
  given: string | undefined,
  taken: ReadonlySet<string>,
  box: { readonly title: string; readonly prompt: string; readonly value?: string },
): Promise<string | undefined> {
  const validateInput = (text: string) => {
    const problem = walletNameProblem(text, taken);
    return problem ? walletNameProblemText(problem, text) : undefined;
  };
  const name = given ?? (await askText({ ...box, validateInput }));
  if (name === undefined) return undefined;
  const problem = validateInput(name);
  if (problem) throw new InvalidInputError('wallet', l10n.t('{0} Nothing was sent.', problem));
  return name.trim();
}
