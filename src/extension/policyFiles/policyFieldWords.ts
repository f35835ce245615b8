/** What the fields of the policy language mean, for hovers and completion: one sentence each. Pure. */
import * as l10n from '@vscode/l10n';

export function fieldMeaning(path: string): string | undefined {
  switch (path) {
    case 'activity':
      return l10n.t('The activity being decided: its type, kind, resource, action and the parameters it exposes.');
    case 'activity.type':
      return l10n.t('The activity type with its version, e.g. ACTIVITY_TYPE_SIGN_TRANSACTION_V2: one version only.');
    case 'activity.kind':
      return l10n.t(
        'The activity type without its ACTIVITY_TYPE_ prefix and version, e.g. SIGN_TRANSACTION: matches every version. Absent for activities only the root quorum decides.',
      );
    case 'activity.resource':
      return l10n.t('What the activity acts on, e.g. PRIVATE_KEY, POLICY, USER.');
    case 'activity.action':
      return l10n.t('What the activity does to its resource, e.g. SIGN, CREATE, DELETE.');
    case 'activity.params':
      return l10n.t(
        'The few parameters an activity type exposes to policies; reading one its type does not expose errors.',
      );
    case 'eth':
      return l10n.t('Ethereum payloads: tx, eip_712, eip_7702_authorization.');
    case 'eth.tx':
      return l10n.t('The Ethereum transaction being signed; reading it for any other activity errors.');
    case 'eth.tx.to':
      return l10n.t('The address the transaction is sent to; compared without regard to case.');
    case 'eth.tx.from':
      return l10n.t("The signing key's address; compared without regard to case.");
    case 'eth.tx.value':
      return l10n.t('The wei sent with the transaction.');
    case 'eth.tx.data':
      return l10n.t('The call data, 0x-prefixed hex; data[0..10] is the function selector.');
    case 'eth.tx.function_name':
      return l10n.t('The name of the function called, when an interface is registered at eth.tx.to.');
    case 'eth.tx.function_signature':
      return l10n.t(
        'The 4-byte selector of the function called, 0x included, when an interface is registered at eth.tx.to.',
      );
    case 'eth.tx.contract_call_args':
      return l10n.t(
        "The call's arguments by their names in the ABI registered at eth.tx.to, e.g. contract_call_args['amount'].",
      );
    case 'eth.tx.chain_id':
      return l10n.t('The chain id the transaction is signed for.');
    case 'approvers':
      return l10n.t('The users who approved so far, the submitter first.');
    case 'approvers[].id':
      return l10n.t("A user's id.");
    case 'approvers[].tags':
      return l10n.t("The ids (not the names) of a user's tags.");
    case 'credentials':
      return l10n.t('The credentials used for the approvals so far.');
    case 'private_key':
      return l10n.t('The private key the activity signs with or acts on; reading it for any other activity errors.');
    case 'private_key.tags':
      return l10n.t("The ids (not the names) of the key's private key tags.");
    case 'private_key.id':
      return l10n.t("The key's id.");
    case 'wallet':
      return l10n.t('The wallet the activity acts on; wallets have no tags.');
    case 'wallet.id':
    case 'wallets[].id':
      return l10n.t("The wallet's id.");
    case 'wallet.label':
    case 'wallets[].label':
      return l10n.t("The wallet's name, compared exactly.");
    case 'wallet.exported':
    case 'wallets[].exported':
      return l10n.t("Whether the wallet's recovery phrase was ever exported.");
    case 'wallet.imported':
    case 'wallets[].imported':
      return l10n.t('Whether the wallet was imported rather than made by the service.');
    case 'wallets':
      return l10n.t('The wallets an activity on several wallets acts on.');
    case 'wallet_account':
      return l10n.t('The wallet account the activity signs with or exports; reading it for any other activity errors.');
    case 'wallet_account.address':
      return l10n.t(
        'The address of the wallet account; compared exactly, and Ethereum accounts are stored in EIP-55 form.',
      );
    case 'time.now':
      return l10n.t('The instant the service evaluates the policy.');
    default:
      return undefined;
  }
}
