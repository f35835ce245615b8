/**
 * What the Create and Update Policy dialogs show: every field that will be signed, each id inside an expression
 * followed by what it names, and for an update each changed field as old → new. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { Policy } from '../../api';
import { shown } from '../ui/shownText';
import { idLabels, namedIdText } from '../wording/policyIdNames';
import { effectWord, type PolicyNames } from '../wording/policyWords';
import type { FilePolicy } from './policyDocument';

type Field = 'effect' | 'condition' | 'consensus' | 'time' | 'notes';
const FIELDS: readonly Field[] = ['effect', 'condition', 'consensus', 'time', 'notes'];

function fieldLine(field: Field, value: string): string {
  switch (field) {
    case 'effect':
      return l10n.t('Effect: {0}', value);
    case 'condition':
      return l10n.t('Condition: {0}', value);
    case 'consensus':
      return l10n.t('Consensus: {0}', value);
    case 'time':
      return l10n.t('Time: {0}', value);
    case 'notes':
      return l10n.t('Notes: {0}', value);
  }
}

/** An expression as signed, each id it holds followed by its name: `u.id == '…' (Alice (user))`. */
export function namedExpression(source: string, names: PolicyNames): string {
  let text = '';
  let at = 0;
  for (const label of idLabels(source, names)) {
    const end = label.offset + label.length;
    text += `${source.slice(at, end)} (${namedIdText({ ...label, name: shown(label.name) })})`;
    at = end;
  }
  return text + source.slice(at);
}

function valueOf(policy: Partial<Record<Field, string | undefined>>, field: Field, names: PolicyNames): string {
  const value = policy[field];
  if (value === undefined || value === '') return l10n.t('(none)');
  if (field === 'effect') return effectWord(value);
  return field === 'condition' || field === 'consensus' ? namedExpression(value, names) : value;
}

/** The Create dialog's detail: every field, the ids of the expressions named. */
export function createPolicyDetail(policy: FilePolicy, names: PolicyNames): string {
  return FIELDS.filter((field) => field !== 'time' || policy.time)
    .map((field) => fieldLine(field, valueOf(policy, field, names)))
    .join('\n');
}

/**
 * The Update dialog's detail: each field the update changes as old → new, then the fields it leaves as they are.
 * A field the file leaves out is kept by the service, so it does not change.
 */
export function updatePolicyDetail(policy: FilePolicy, old: Pick<Policy, Field>, names: PolicyNames): string {
  const changes = FIELDS.filter((field) => policy[field] !== undefined && (policy[field] ?? '') !== (old[field] ?? ''));
  const kept = FIELDS.filter((field) => !changes.includes(field) && (field !== 'time' || old.time));
  const lines = changes.map((field) =>
    fieldLine(field, l10n.t('{0} → {1}', valueOf(old, field, names), valueOf(policy, field, names))),
  );
  if (lines.length === 0) lines.push(l10n.t("Nothing changes: the file matches the organization's policy."));
  if (kept.length > 0)
    lines.push(l10n.t('Unchanged: {0}', kept.map((field) => fieldLine(field, '').replace(/:\s*$/, '')).join(', ')));
  return lines.join('\n');
}
