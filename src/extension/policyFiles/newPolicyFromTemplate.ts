/**
 * "New Policy from Template…": a new policy file filled from the active organization by pickers, never by typing
 * ids. The ERC-20 cap template picks a registered interface, one of its functions and an integer argument; the
 * others pick a user, a user tag, a private key tag or a wallet. Every choice may be passed as an argument instead.
 */
import * as vscode from 'vscode';
import { InvalidInputError } from '../../api';
import { KNOWN_TOKENS } from '../../api/remote';
import type { Services } from '../services';
import { askText, pickOne } from '../ui/prompts';
import { knowledgeOf, readStoreReads } from './organizationKnowledge';
import { openPolicyDocument } from './openPolicyDocument';
import type { PolicyFileInput } from './policyFileTarget';
import { abiFunctions, type NamedId, type PolicyKnowledge } from './policyKnowledge';
import {
  capInSmallestUnit,
  denyKeyTagPolicy,
  erc20CapPolicy,
  exportsNeedTwoApproversPolicy,
  hotWalletContractsPolicy,
  oneUserOneAddressPolicy,
  policyFileText,
  signWithWalletPolicy,
  templateToken,
  twoApproversWithTagPolicy,
  type PolicyTemplateText,
  type TemplateId,
} from './policyTemplates';

async function pickNamed(
  items: readonly NamedId[],
  given: string | undefined,
  title: string,
  none: string,
): Promise<NamedId | undefined> {
  if (given !== undefined) {
    const found = items.find((item) => item.id === given);
    if (!found)
      throw new InvalidInputError('policy template', vscode.l10n.t('{0} is not in the active organization.', given));
    return found;
  }
  if (items.length === 0) throw new InvalidInputError('policy template', none);
  return (
    await pickOne(
      items.map((item) => ({ label: item.name, description: item.id, item })),
      { title },
    )
  )?.item;
}

async function askName(given: string | undefined, value: string): Promise<string | undefined> {
  return (
    given ??
    (await askText({
      title: vscode.l10n.t('Name of the policy'),
      value,
      validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('A policy needs a name.') : undefined),
    }))
  );
}

/** The cap in tokens of `token` (decimals applied), else in the smallest unit; each answer echoes what is written. */
async function askCap(
  argument: string,
  token: { readonly symbol: string; readonly decimals: number } | undefined,
): Promise<string | undefined> {
  const raw = (text: string): string | undefined =>
    token ? capInSmallestUnit(text, token.decimals) : /^\d+$/.test(text.trim()) ? text.trim() : undefined;
  const typed = await askText({
    title: token
      ? vscode.l10n.t('The cap of {0}, in {1}', argument, token.symbol)
      : vscode.l10n.t("The cap of {0}, in the token's smallest unit", argument),
    prompt: token
      ? vscode.l10n.t('Transfers of this many {0} or more are not allowed by this policy, e.g. 1000.', token.symbol)
      : vscode.l10n.t(
          'Transfers of this much or more are not allowed by this policy, e.g. 1000000000000000000000 for 1000 tokens of 18 decimals.',
        ),
    validateInput: (text) => {
      const value = raw(text);
      if (value === undefined)
        return token
          ? vscode.l10n.t('A number of {0}, with at most {1} decimals.', token.symbol, token.decimals)
          : vscode.l10n.t('A whole number.');
      return {
        message: vscode.l10n.t('Writes {0} into the condition.', value),
        severity: vscode.InputBoxValidationSeverity.Info,
      };
    },
  });
  return typed === undefined ? undefined : raw(typed);
}

/** The raw cap back in tokens, for the notes: "1000" from 1000 × 10^18. */
function capInTokens(raw: string, decimals: number): string {
  const digits = raw.padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

async function erc20Cap(knowledge: PolicyKnowledge, input: PolicyFileInput): Promise<PolicyTemplateText | undefined> {
  const interfaces = knowledge.interfaces.map((i) => ({ id: i.id, name: i.label }));
  const chosen = await pickNamed(
    interfaces,
    input.smartContractInterfaceId,
    vscode.l10n.t('Which registered interface is the token?'),
    vscode.l10n.t("The organization has no smart contract interface: register the token's ABI first."),
  );
  const sci = chosen && knowledge.interfaces.find((i) => i.id === chosen.id);
  if (!sci) return undefined;
  const functions = abiFunctions(sci).filter((fn) => fn.inputs.some((arg) => /^uint\d*$/.test(arg.type)));
  const fn =
    input.functionName !== undefined
      ? functions.find((f) => f.name === input.functionName)
      : (
          await pickOne(
            functions.map((f) => ({
              label: f.name,
              description: f.inputs.map((a) => `${a.type} ${a.name}`).join(', '),
              f,
            })),
            { title: vscode.l10n.t('Which function of "{0}"?', sci.label) },
          )
        )?.f;
  if (!fn) return undefined;
  const amounts = fn.inputs.filter((arg) => /^uint\d*$/.test(arg.type));
  const argument =
    input.argument ??
    (amounts.length === 1
      ? amounts[0]?.name
      : (
          await pickOne(
            amounts.map((a) => ({ label: a.name, description: a.type })),
            { title: vscode.l10n.t('Which argument is capped?') },
          )
        )?.label);
  if (argument === undefined) return undefined;
  const token = templateToken(sci.address, KNOWN_TOKENS);
  const cap = input.cap ?? (await askCap(argument, token));
  if (cap === undefined) return undefined;
  const user = await pickNamed(
    knowledge.users,
    input.userId,
    vscode.l10n.t('Who may sign such transfers alone?'),
    vscode.l10n.t('The organization has no users.'),
  );
  if (!user) return undefined;
  const policyName = await askName(
    input.policyName,
    vscode.l10n.t('{0} may {1} {2} below the cap', user.name, fn.name, sci.label),
  );
  if (policyName === undefined) return undefined;
  return erc20CapPolicy({
    address: sci.address,
    functionName: fn.name,
    argument,
    cap: cap.trim(),
    userId: user.id,
    policyName,
    notes: vscode.l10n.t(
      '{0} signs {1} of "{2}" alone while {3} stays below {4}.',
      user.name,
      fn.name,
      sci.label,
      argument,
      token ? `${capInTokens(cap.trim(), token.decimals)} ${token.symbol}` : cap.trim(),
    ),
  });
}

async function fromTemplate(
  template: TemplateId,
  knowledge: PolicyKnowledge,
  input: PolicyFileInput,
): Promise<PolicyTemplateText | undefined> {
  switch (template) {
    case 'erc20Cap':
      return erc20Cap(knowledge, input);
    case 'oneUserOneAddress': {
      const user = await pickNamed(
        knowledge.users,
        input.userId,
        vscode.l10n.t('Which user?'),
        vscode.l10n.t('The organization has no users.'),
      );
      if (!user) return undefined;
      const address =
        input.address ??
        (await askText({
          title: vscode.l10n.t('The one address {0} may sign to', user.name),
          validateInput: (text) =>
            /^0x[0-9a-fA-F]{40}$/.test(text.trim())
              ? undefined
              : vscode.l10n.t('An Ethereum address: 0x and 40 hex digits.'),
        }));
      if (address === undefined) return undefined;
      const policyName = await askName(
        input.policyName,
        vscode.l10n.t('{0} signs only to {1}', user.name, address.trim()),
      );
      if (policyName === undefined) return undefined;
      return oneUserOneAddressPolicy({ userId: user.id, address: address.trim(), policyName, notes: '' });
    }
    case 'twoApproversWithTag': {
      const tag = await pickNamed(
        knowledge.userTags,
        input.tagId,
        vscode.l10n.t('Which user tag?'),
        vscode.l10n.t('The organization has no user tags.'),
      );
      if (!tag) return undefined;
      const policyName = await askName(
        input.policyName,
        vscode.l10n.t('Signing needs two approvers tagged {0}', tag.name),
      );
      if (policyName === undefined) return undefined;
      return twoApproversWithTagPolicy({ tagId: tag.id, policyName, notes: '' });
    }
    case 'denyKeyTag': {
      const tag = await pickNamed(
        knowledge.privateKeyTags,
        input.tagId,
        vscode.l10n.t('Which private key tag?'),
        vscode.l10n.t('The organization has no private key tags.'),
      );
      if (!tag) return undefined;
      const policyName = await askName(input.policyName, vscode.l10n.t('Deny keys tagged {0}', tag.name));
      if (policyName === undefined) return undefined;
      return denyKeyTagPolicy({ tagId: tag.id, policyName, notes: '' });
    }
    case 'signWithWallet': {
      const wallet = await pickWallet(knowledge, input, vscode.l10n.t('Which wallet?'));
      if (!wallet) return undefined;
      const user = await pickNamed(
        knowledge.users,
        input.userId,
        vscode.l10n.t('Who may sign with "{0}"?', wallet.name),
        vscode.l10n.t('The organization has no users.'),
      );
      if (!user) return undefined;
      const policyName = await askName(
        input.policyName,
        vscode.l10n.t('{0} signs only with {1}', user.name, wallet.name),
      );
      if (policyName === undefined) return undefined;
      return signWithWalletPolicy({ walletId: wallet.id, userId: user.id, policyName, notes: '' });
    }
    case 'exportsNeedTwoApprovers': {
      const tag = await pickNamed(
        knowledge.userTags,
        input.tagId,
        vscode.l10n.t('Which user tag must both approvers have?'),
        vscode.l10n.t('The organization has no user tags.'),
      );
      if (!tag) return undefined;
      const policyName = await askName(
        input.policyName,
        vscode.l10n.t('Exports need two approvers tagged {0}', tag.name),
      );
      if (policyName === undefined) return undefined;
      return exportsNeedTwoApproversPolicy({ tagId: tag.id, policyName, notes: '' });
    }
    case 'hotWalletContracts': {
      const addresses = [...new Set(knowledge.interfaces.map((i) => i.address))];
      if (addresses.length === 0)
        throw new InvalidInputError(
          'policy template',
          vscode.l10n.t('The organization has no smart contract interface: register the contracts first.'),
        );
      const wallet = await pickWallet(knowledge, input, vscode.l10n.t('Which wallet is the hot wallet?'));
      if (!wallet) return undefined;
      const policyName = await askName(
        input.policyName,
        vscode.l10n.t('{0} signs only for registered contracts', wallet.name),
      );
      if (policyName === undefined) return undefined;
      const labels = knowledge.interfaces.map((i) => i.label).join(', ');
      return hotWalletContractsPolicy({
        walletId: wallet.id,
        addresses,
        policyName,
        notes: vscode.l10n.t('{0} signs transactions to {1} without approvals.', wallet.name, labels),
      });
    }
  }
}

/** A wallet of the organization, by id or picked by name. */
function pickWallet(knowledge: PolicyKnowledge, input: PolicyFileInput, title: string) {
  return pickNamed(knowledge.wallets ?? [], input.walletId, title, vscode.l10n.t('The organization has no wallets.'));
}

const TEMPLATES: ReadonlyArray<{ id: TemplateId; label: () => string }> = [
  { id: 'erc20Cap', label: () => vscode.l10n.t('An ERC-20 transfer under a cap, through a registered interface') },
  { id: 'oneUserOneAddress', label: () => vscode.l10n.t('One user may sign only to one address') },
  { id: 'twoApproversWithTag', label: () => vscode.l10n.t('Two approvers with a tag') },
  { id: 'denyKeyTag', label: () => vscode.l10n.t('Deny any activity with a key of a tag') },
  { id: 'signWithWallet', label: () => vscode.l10n.t('Sign only with one wallet') },
  { id: 'exportsNeedTwoApprovers', label: () => vscode.l10n.t('Exports need two approvers with a tag') },
  { id: 'hotWalletContracts', label: () => vscode.l10n.t('The hot wallet signs only for registered contracts') },
];

export async function newPolicyFromTemplate(
  services: Services,
  input: PolicyFileInput,
): Promise<vscode.Uri | undefined> {
  await services.requireSession();
  const template =
    TEMPLATES.find((entry) => entry.id === input.template)?.id ??
    (input.template === undefined
      ? (
          await pickOne(
            TEMPLATES.map((entry) => ({ label: entry.label(), id: entry.id })),
            { title: vscode.l10n.t('New policy from which template?') },
          )
        )?.id
      : undefined);
  if (template === undefined) {
    if (input.template !== undefined)
      throw new InvalidInputError('policy template', vscode.l10n.t('There is no template "{0}".', input.template));
    return undefined;
  }
  const policy = await fromTemplate(template, knowledgeOf(await readStoreReads(await services.store())), input);
  if (!policy) return undefined;
  return (await openPolicyDocument(policy.policyName, policyFileText(policy))).uri;
}
