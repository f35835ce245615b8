/** The ids a listed activity names, and the names its creation gave them: what the Activities view's rows say. */
import type { Activity } from '../../api';

/** The intent of an activity, unwrapped from its one key. */
function intentFields(activity: Activity): Record<string, unknown> {
  const inner = Object.values(activity.intent)[0];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {};
}

/** The interface a deletion names. */
export function deletedInterfaceId(activity: Activity): string | undefined {
  if (activity.type !== 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE') return undefined;
  const id = intentFields(activity)['smartContractInterfaceId'];
  return typeof id === 'string' ? id : undefined;
}

/** The id and name a completed creation gave (an interface's label, a tag's name). */
export function createdNames(activity: Activity): [string, string][] {
  const result = Object.values(activity.result)[0];
  const made = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
  const fields = intentFields(activity);
  const pair = (id: unknown, name: unknown): [string, string][] =>
    typeof id === 'string' && typeof name === 'string' && id !== '' && name !== '' ? [[id, name]] : [];
  switch (activity.type) {
    case 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE':
      return pair(made['smartContractInterfaceId'], fields['label']);
    case 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG':
      return pair(made['privateKeyTagId'], fields['privateKeyTagName']);
    default:
      return [];
  }
}
