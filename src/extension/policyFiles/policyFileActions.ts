/**
 * What the policy file lenses and commands do: create, update or delete the organization's policy from a file
 * (each confirmed, then through the usual submission and quorum flow), compare it in the diff editor, open a
 * policy as a file, and route the commands of commands/policyFiles.ts. Loaded on first use.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity, type Policy } from '../../api';
import { CommandIds, type CommandId } from '../commandIds';
import { submitActivity } from '../output/submitActivity';
import type { Services } from '../services';
import { confirmIrreversible, confirmModal } from '../ui/prompts';
import type { FilePolicy } from './policyDocument';
import { asFilePolicy, policyText, registeredPolicy } from './policyDocuments';
import { openPolicyDocument } from './openPolicyDocument';
import { policyTarget, type PolicyFileInput } from './policyFileTarget';
import { filePolicyUri, registeredPolicyUri } from './policyUri';
import { createPolicyDetail, updatePolicyDetail } from './policyDialogWords';
import { policyNamesOf, type PolicyNames } from '../wording/policyWords';
import { evaluatePolicy } from './evaluatePolicy';
import { newPolicyFromTemplate } from './newPolicyFromTemplate';

function effect(value: string): 'EFFECT_ALLOW' | 'EFFECT_DENY' {
  if (value === 'EFFECT_ALLOW' || value === 'EFFECT_DENY') return value;
  throw new InvalidInputError(
    'policy file',
    vscode.l10n.t('The effect must be EFFECT_ALLOW or EFFECT_DENY, not "{0}".', value),
  );
}

async function policies(services: Services): Promise<readonly Policy[]> {
  return (await (await services.store()).governance())?.policies ?? [];
}

/** The names of the ids a policy's expressions hold: the organization's users, tags and private keys. */
async function policyNames(services: Services): Promise<PolicyNames> {
  const store = await services.store();
  const [governance, organization] = await Promise.all([
    store.governance(),
    store.organizationData().catch(() => undefined),
  ]);
  return policyNamesOf({
    users: governance?.users ?? [],
    userTags: governance?.userTags ?? [],
    privateKeyTags: governance?.privateKeyTags ?? [],
    privateKeys: organization?.privateKeys ?? [],
  });
}

export async function createPolicyFromFile(services: Services, input: PolicyFileInput): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const target = await policyTarget(input);
  if (!target) return undefined;
  const { policy } = target;
  const existing = (await policies(services)).find((p) => p.policyName === policy.policyName);
  if (existing)
    throw new InvalidInputError(
      'policy',
      vscode.l10n.t(
        'The organization already has a policy named "{0}" ({1}): update it instead. Nothing was sent.',
        policy.policyName,
        existing.policyId,
      ),
    );
  const confirmed = await confirmModal(
    services.modals,
    vscode.l10n.t('Create policy "{0}"?', policy.policyName),
    createPolicyDetail(policy, await policyNames(services)),
    vscode.l10n.t('Create'),
  );
  if (!confirmed) return undefined;
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Creating policy "{0}"…', policy.policyName),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? vscode.l10n.t('Policy "{0}" created.', policy.policyName)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.createPolicy(
        {
          organizationId: session.profile.organizationId,
          parameters: {
            policyName: policy.policyName,
            effect: effect(policy.effect),
            notes: policy.notes,
            ...(policy.condition !== undefined ? { condition: policy.condition } : {}),
            ...(policy.consensus !== undefined ? { consensus: policy.consensus } : {}),
            ...(policy.time ? { time: policy.time } : {}),
          },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

async function registeredOf(services: Services, input: PolicyFileInput, policy: FilePolicy): Promise<Policy> {
  if (input.policyId !== undefined) return registeredPolicy(services, input.policyId);
  const found = (await policies(services)).find((p) => p.policyName === policy.policyName);
  if (!found)
    throw new InvalidInputError(
      'policy',
      vscode.l10n.t('The organization has no policy named "{0}".', policy.policyName),
    );
  return found;
}

export async function updatePolicyFromFile(services: Services, input: PolicyFileInput): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const target = await policyTarget(input);
  if (!target) return undefined;
  const { policy } = target;
  const old = await registeredOf(services, input, policy);
  // The service keeps a field an update leaves out: an expression the file dropped cannot be cleared this way.
  const dropped = (['condition', 'consensus', 'time'] as const).filter((field) => old[field] && !policy[field]);
  const detail = [
    updatePolicyDetail(policy, old, await policyNames(services)),
    ...(dropped.length > 0
      ? [vscode.l10n.t('The organization keeps its {0}: an update cannot remove a field.', dropped.join(', '))]
      : []),
  ].join('\n');
  const confirmed = await confirmModal(
    services.modals,
    vscode.l10n.t('Update policy "{0}" ({1})?', old.policyName, old.policyId),
    detail,
    vscode.l10n.t('Update'),
  );
  if (!confirmed) return undefined;
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Updating policy "{0}"…', old.policyName),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? vscode.l10n.t('Policy "{0}" updated.', policy.policyName)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.updatePolicy(
        {
          organizationId: session.profile.organizationId,
          parameters: {
            policyId: old.policyId,
            policyName: policy.policyName,
            policyEffect: effect(policy.effect),
            policyNotes: policy.notes,
            ...(policy.condition !== undefined ? { policyCondition: policy.condition } : {}),
            ...(policy.consensus !== undefined ? { policyConsensus: policy.consensus } : {}),
            ...(policy.time ? { time: policy.time } : {}),
          },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

export async function deletePolicyOfFile(services: Services, input: PolicyFileInput): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const target = await policyTarget(input, false);
  if (!target) return undefined;
  const old = await registeredOf(services, input, target.policy);
  const confirmed = await confirmIrreversible(
    services.modals,
    vscode.l10n.t('Delete policy "{0}" ({1})?', old.policyName, old.policyId),
    vscode.l10n.t('The organization stops applying it; the file stays.'),
    vscode.l10n.t('Delete'),
    vscode.l10n.t('Keep Policy'),
  );
  if (!confirmed) return undefined;
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Deleting policy "{0}"…', old.policyName),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? vscode.l10n.t('Policy "{0}" deleted.', old.policyName)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.deletePolicy(
        { organizationId: session.profile.organizationId, parameters: { policyId: old.policyId }, generateAppProofs },
        { signal },
      ),
  );
}

/** The registered policy on the left, the file's on the right, both printed alike. */
export async function comparePolicyWithFile(
  services: Services,
  input: PolicyFileInput,
): Promise<{ left: vscode.Uri; right: vscode.Uri } | undefined> {
  const session = await services.requireSession();
  const target = await policyTarget(input, false);
  if (!target) return undefined;
  const old = await registeredOf(services, input, target.policy);
  const left = registeredPolicyUri(session.profile.organizationId, old.policyId, old.policyName);
  const right = filePolicyUri(target.document.uri, target.entry.index, target.policy.policyName);
  const title = vscode.l10n.t('{0} (in the organization) ↔ this file', old.policyName);
  await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  return { left, right };
}

export async function openPolicyAsFile(services: Services, input: PolicyFileInput): Promise<vscode.Uri | undefined> {
  await services.requireSession();
  const policyId = input.policyId;
  if (policyId === undefined) throw new InvalidInputError('policy', vscode.l10n.t('No policy was named.'));
  const policy = await registeredPolicy(services, policyId);
  return (await openPolicyDocument(policy.policyName, policyText(asFilePolicy(policy)))).uri;
}

/** Runs one of the commands of commands/policyFiles.ts, with the input its schema read. */
export async function runPolicyFileCommand(
  id: CommandId,
  services: Services,
  input: PolicyFileInput,
): Promise<unknown> {
  // Only the policy file commands are routed here; every other command has its own handler.
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check
  switch (id) {
    case CommandIds.createPolicyFromFile:
      return createPolicyFromFile(services, input);
    case CommandIds.updatePolicyFromFile:
      return updatePolicyFromFile(services, input);
    case CommandIds.deletePolicyOfFile:
      return deletePolicyOfFile(services, input);
    case CommandIds.comparePolicyWithFile:
      return comparePolicyWithFile(services, input);
    case CommandIds.openPolicyAsFile:
      return openPolicyAsFile(services, input);
    case CommandIds.evaluatePolicy:
      return evaluatePolicy(services, input);
    case CommandIds.newPolicyFromTemplate:
      return newPolicyFromTemplate(services, input);
    default:
      return undefined;
  }
}
