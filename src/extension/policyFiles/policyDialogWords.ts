/**
 * What the Create and Update Policy dialogs show: every field that will be signed, each id inside an expression
 * followed by what it names, and for an update each changed field as old → new. Pure (no `vscode`).
 */
import type { Policy } from '../../api';
import { shown } from '../ui/shownText';
import type { Translate } from '../ui/translate';
import { idLabels, namedIdText } from '../wording/policyIdNames';
import { effectWord, type PolicyNames } from '../wording/policyWords';
import type { FilePolicy } from './policyDocument';

type Field = 'effect' | 'condition' | 'consensus' | 'time' | 'notes';
const FIELDS: readonly Field[] = ['effect', 'condition', 'consensus', 'time', 'notes'];

function fieldLine(field: Field, value: string, t: Translate): string {
  switch (field) {
    case 'effect':
      return t('Effect: {0}', value);
    case 'condition':
      return t('Condition: {0}', value);
    case 'consensus':
      return t('Consensus: {0}', value);
    case 'time':
      return t('Time: {0}', value);
    case 'notes':
      return t('Notes: {0}', value);
  }
}

/** An expression as signed, each id it holds followed by its name: `u.id == '…' (Alice (user))`. */
export function namedExpression(source: string, names: PolicyNames, t: Translate): string {
  let text = '';
  let at = 0;
  for (const label of idLabels(source, names)) {
    const end = label.offset + label.length;
    text += `${source.slice(at, end)} (${namedIdText({ ...label, name: shown(label.name) }, t)})`;
    at = end;
  }
  return text + source.slice(at);
}

function valueOf(
  policy: Partial<Record<Field, string | undefined>>,
  field: Field,
  names: PolicyNames,
  t: Translate,
): string {
  const value = policy[field];
  if (value === undefined || value === '') return t('(none)');
  if (field === 'effect') return effectWord(value, t);
  return field === 'condition' || field === 'consensus' ? namedExpression(value, names, t) : value;
}

/** The Create dialog's detail: every field, the ids of the expressions named. */
export function createPolicyDetail(policy: FilePolicy, names: PolicyNames, t: Translate): string {
  return FIELDS.filter((field) => field !== 'time' || policy.time)
    .map((field) => fieldLine(field, valueOf(policy, field, names, t), t))
    .join('\n');
}

/**
 * The Update dialog's detail: each field the update changes as old → new, then the fields it leaves as they are.
 * A field the file leaves out is kept by the service, so it does not change.
 */
export function updatePolicyDetail(
  policy: FilePolicy,
  old: Pick<Policy, Field>,
  names: PolicyNames,
  t: Translate,
): string {
  const changes = FIELDS.filter((field) => policy[field] !== undefined && (policy[field] ?? '') !== (old[field] ?? ''));
  const kept = FIELDS.filter((field) => !changes.includes(field) && (field !== 'time' || old.time));
  const lines = changes.map((field) =>
    fieldLine(field, t('{0} → {1}', valueOf(old, field, names, t), valueOf(policy, field, names, t)), t),
  );
  if (lines.length === 0) lines.push(t("Nothing changes: the file matches the organization's policy."));
  if (kept.length > 0)
    lines.push(t('Unchanged: {0}', kept.map((field) => fieldLine(field, '', t).replace(/:\s*$/, '')).join(', ')));
  return lines.join('\n');
}
