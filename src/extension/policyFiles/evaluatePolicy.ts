/**
 * "Evaluate Policy Against Activity…": the file's policy, with the organization's others read from the store,
 * against an open or listed activity, or a transaction pasted as unsigned hex (read as a sign_transaction the
 * current user submits, with the key or wallet account named, the only one, or one picked by name). Wallet
 * activities read the wallets they name from the store's wallet book, as the sandbox reads its own. The outcome in
 * words goes to the log and a notification; "Show Details" opens them.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity } from '../../api';
import type { Services } from '../services';
import { showInformation } from '../ui/notifications';
import { askText, pickOne } from '../ui/prompts';
import { activityTitle } from '../wording/activityWords';
import { organizationNamer } from '../wording/addressNames';
import { knowledgeOf, readStoreReads } from './organizationKnowledge';
import type { PolicyKnowledge } from './policyKnowledge';
import type { PolicyActivity } from '../../api/remote';
import { evaluationContextOf, pastedTransactionActivity } from './evaluationSubject';
import { subjectPickWords, tryPolicy, type PolicyTrial } from './policyEvaluationWords';
import { activitySummaries, summaryPickLine } from '../activitySummaries';
import { policyTarget, type PolicyFileInput } from './policyFileTarget';
import type { OrganizationStore } from '../store/organizationStore';
import { showReadOnlyText } from '../output/readOnlyText';

type Subject = { activity: Activity } | { unsignedTransaction: string } | undefined;

async function activityById(store: OrganizationStore, activityId: string): Promise<Activity> {
  const activity = store.activity(activityId) ?? (await store.readActivity(activityId));
  if (!activity)
    throw new InvalidInputError('activity', vscode.l10n.t('No activity {0} in the active organization.', activityId));
  return activity;
}

async function chooseSubject(services: Services, store: OrganizationStore, input: PolicyFileInput): Promise<Subject> {
  if (input.unsignedTransaction !== undefined) return { unsignedTransaction: input.unsignedTransaction };
  if (input.activityId !== undefined) return { activity: await activityById(store, input.activityId) };
  const open = (await store.refreshOpen())?.open ?? [];
  const listed = (store.listing?.order ?? []).map((id) => store.activity(id)).filter((a): a is Activity => !!a);
  const seen = new Set<string>();
  const activities = [...open, ...listed].filter((a) => !seen.has(a.id) && seen.add(a.id));
  // What each one does, by name: two transfers of one key read differently, and no row is an id alone.
  const facts = await services.organizationFacts().catch(() => undefined);
  const nameOf = facts ? organizationNamer(facts.names) : undefined;
  const summaries = await activitySummaries(services, activities, nameOf).catch(() => undefined);
  const paste = {
    label: vscode.l10n.t('Paste a transaction (unsigned hex)…'),
    iconPath: new vscode.ThemeIcon('clippy'),
    activity: undefined,
  };
  const byId = {
    label: vscode.l10n.t('Another activity, by its ID…'),
    iconPath: new vscode.ThemeIcon('search'),
    activity: undefined,
  };
  const picked = await pickOne(
    [
      paste,
      byId,
      ...activities.map((activity) => {
        const summary = summaries?.get(activity.id);
        return { ...subjectPickWords(activity, summary && summaryPickLine(summary), nameOf), activity };
      }),
    ],
    { title: vscode.l10n.t('Evaluate the policy against which activity?') },
  );
  if (!picked) return undefined;
  if (picked.activity) return { activity: picked.activity };
  if (picked === byId) {
    const id = await askText({
      title: vscode.l10n.t('Evaluate against an activity'),
      prompt: vscode.l10n.t('The ID of an activity of the active organization (older ones too).'),
      validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('Enter an activity ID.') : undefined),
    });
    return id === undefined ? undefined : { activity: await activityById(store, id.trim()) };
  }
  const hex = await askText({
    title: vscode.l10n.t('Evaluate against a transaction'),
    prompt: vscode.l10n.t('The unsigned Ethereum transaction, as hex (what sign_transaction would sign).'),
    validateInput: (text) =>
      /^(0x)?[0-9a-fA-F]+$/.test(text.trim()) ? undefined : vscode.l10n.t('Hex digits, 0x optional.'),
  });
  return hex === undefined ? undefined : { unsignedTransaction: hex };
}

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** What may sign a pasted transaction: a private key (by id) or a wallet account (by address), with its name. */
interface Signer {
  readonly signWith: string;
  readonly name: string;
  readonly address: string;
  /** The private key's id, or the wallet account's wallet. */
  readonly detail: string;
}

/** The organization's keys and wallet accounts with an Ethereum address. */
function signersOf(knowledge: PolicyKnowledge): Signer[] {
  const keys = knowledge.privateKeys.flatMap((key) => {
    const address = key.addresses.find((a) => ETHEREUM_ADDRESS.test(a));
    return address ? [{ signWith: key.id, name: key.name, address, detail: key.id }] : [];
  });
  const accounts = (knowledge.wallets ?? []).flatMap((wallet) =>
    wallet.accounts
      .filter((account) => ETHEREUM_ADDRESS.test(account.address))
      .map((account) => ({ signWith: account.address, name: account.name, address: account.address, detail: '' })),
  );
  return [...keys, ...accounts];
}

/**
 * What a pasted transaction is signed with: the key or account named, the only one, or one picked by name when
 * there are several (null when the pick is dismissed). Undefined when the organization has no Ethereum signer.
 */
async function chooseSigner(signers: readonly Signer[], named: string | undefined): Promise<Signer | undefined | null> {
  if (named !== undefined) {
    const found = signers.find((s) => s.signWith === named || s.address.toLowerCase() === named.toLowerCase());
    if (!found) {
      throw new InvalidInputError(
        'privateKeyId',
        vscode.l10n.t(
          'No private key or wallet account {0} with an Ethereum address in the active organization.',
          named,
        ),
      );
    }
    return found;
  }
  if (signers.length <= 1) return signers[0];
  const picked = await pickOne(
    [...signers]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((signer) => ({
        label: signer.name,
        description: signer.address,
        detail: signer.detail,
        signer,
      })),
    { title: vscode.l10n.t('Sign the transaction with which private key or wallet account?') },
  );
  return picked ? picked.signer : null;
}

export async function evaluatePolicy(services: Services, input: PolicyFileInput): Promise<PolicyTrial | undefined> {
  const { profile } = await services.requireSession();
  const target = await policyTarget(input);
  if (!target) return undefined;
  const store = await services.store();
  const subject = await chooseSubject(services, store, input);
  if (!subject) return undefined;
  const [reads, me] = await Promise.all([readStoreReads(store), store.organization()]);
  const { governance } = reads;
  const knowledge = knowledgeOf(reads);
  let activity: PolicyActivity;
  let words: string;
  if ('activity' in subject) {
    activity = subject.activity;
    words = vscode.l10n.t('{0} ({1})', activityTitle(subject.activity), subject.activity.id);
  } else {
    const key = await chooseSigner(signersOf(knowledge), input.privateKeyId ?? input.address);
    if (key === null) return undefined;
    const userId = me?.userId ?? '';
    const apiKey = governance?.users
      .find((user) => user.userId === userId)
      ?.apiKeys.find((k) => k.apiKeyId === profile.apiKeyId);
    activity = pastedTransactionActivity(
      subject.unsignedTransaction,
      userId,
      key?.signWith,
      apiKey?.credential.publicKey,
    );
    words = key ? vscode.l10n.t('The transaction, signed with "{0}",', key.name) : vscode.l10n.t('The transaction');
  }
  const trial = tryPolicy(
    target.policy,
    governance?.policies ?? [],
    evaluationContextOf(activity, reads, new Date()),
    words,
  );
  for (const line of trial.lines) services.log.info(line);
  const details = vscode.l10n.t('Show Details');
  void showInformation(trial.lines[0] ?? '', details).then(async (choice) => {
    if (choice !== details) return;
    await showReadOnlyText(vscode.l10n.t('Policy evaluation'), trial.lines.join('\n'));
  });
  return trial;
}
