/** What the fields of the policy language mean, for hovers and completion: one sentence each. Pure. */
import type { Translate } from '../ui/translate';

export function fieldMeaning(path: string, t: Translate): string | undefined {
  switch (path) {
    case 'activity':
      return t('The activity being decided: its type, kind, resource, action and the parameters it exposes.');
    case 'activity.type':
      return t('The activity type with its version, e.g. ACTIVITY_TYPE_SIGN_TRANSACTION_V2: one version only.');
    case 'activity.kind':
      return t(
        'The activity type without its ACTIVITY_TYPE_ prefix and version, e.g. SIGN_TRANSACTION: matches every version. Absent for activities only the root quorum decides.',
      );
    case 'activity.resource':
      return t('What the activity acts on, e.g. PRIVATE_KEY, POLICY, USER.');
    case 'activity.action':
      return t('What the activity does to its resource, e.g. SIGN, CREATE, DELETE.');
    case 'activity.params':
      return t('The few parameters an activity type exposes to policies; reading one its type does not expose errors.');
    case 'eth':
      return t('Ethereum payloads: tx, eip_712, eip_7702_authorization.');
    case 'eth.tx':
      return t('The Ethereum transaction being signed; reading it for any other activity errors.');
    case 'eth.tx.to':
      return t('The address the transaction is sent to; compared without regard to case.');
    case 'eth.tx.from':
      return t("The signing key's address; compared without regard to case.");
    case 'eth.tx.value':
      return t('The wei sent with the transaction.');
    case 'eth.tx.data':
      return t('The call data, 0x-prefixed hex; data[0..10] is the function selector.');
    case 'eth.tx.function_name':
      return t('The name of the function called, when an interface is registered at eth.tx.to.');
    case 'eth.tx.function_signature':
      return t(
        'The 4-byte selector of the function called, 0x included, when an interface is registered at eth.tx.to.',
      );
    case 'eth.tx.contract_call_args':
      return t(
        "The call's arguments by their names in the ABI registered at eth.tx.to, e.g. contract_call_args['amount'].",
      );
    case 'eth.tx.chain_id':
      return t('The chain id the transaction is signed for.');
    case 'approvers':
      return t('The users who approved so far, the submitter first.');
    case 'approvers[].id':
      return t("A user's id.");
    case 'approvers[].tags':
      return t("The ids (not the names) of a user's tags.");
    case 'credentials':
      return t('The credentials used for the approvals so far.');
    case 'private_key':
      return t('The private key the activity signs with or acts on; reading it for any other activity errors.');
    case 'private_key.tags':
      return t("The ids (not the names) of the key's private key tags.");
    case 'private_key.id':
      return t("The key's id.");
    case 'wallet':
      return t('The wallet the activity acts on; wallets have no tags.');
    case 'wallet.id':
    case 'wallets[].id':
      return t("The wallet's id.");
    case 'wallet.label':
    case 'wallets[].label':
      return t("The wallet's name, compared exactly.");
    case 'wallet.exported':
    case 'wallets[].exported':
      return t("Whether the wallet's recovery phrase was ever exported.");
    case 'wallet.imported':
    case 'wallets[].imported':
      return t('Whether the wallet was imported rather than made by the service.');
    case 'wallets':
      return t('The wallets an activity on several wallets acts on.');
    case 'wallet_account':
      return t('The wallet account the activity signs with or exports; reading it for any other activity errors.');
    case 'wallet_account.address':
      return t('The address of the wallet account; compared exactly, and Ethereum accounts are stored in EIP-55 form.');
    case 'time.now':
      return t('The instant the service evaluates the policy.');
    default:
      return undefined;
  }
}
