/**
 * What the lenses above each policy of a file say, as plain data: `Matches policy "…"` when the organization has
 * a policy of that name with the same effect, expressions and notes; `Differs from policy "…"` with Compare and
 * Update… when it has one of that name that differs; `Not in the organization` with Create… when it has none;
 * and Evaluate… for each. Pure, so that each state is tested in Node.
 */
import * as l10n from '@vscode/l10n';
import type { Policy } from '../../api';
import { CommandIds, type CommandId } from '../commandIds';
import { pickText } from '../ui/shownText';
import { filePolicy, type FilePolicy, type PolicyEntry } from './policyDocument';

export type PolicyLensState =
  'matches' | 'differs' | 'absent' | 'evaluate' | 'delete' | 'compare' | 'update' | 'create' | 'unreadable';

export interface PolicyLens {
  readonly state: PolicyLensState;
  readonly offset: number;
  readonly title: string;
  readonly tooltip: string;
  readonly command: CommandId;
  readonly args: readonly unknown[];
}

/** The fields of a registered policy and a file's that differ ('' and absent are the same). */
export function differingFields(file: FilePolicy, policy: Policy): string[] {
  const pairs: ReadonlyArray<readonly [string, string | undefined, string | undefined]> = [
    ['effect', file.effect, policy.effect],
    ['condition', file.condition, policy.condition],
    ['consensus', file.consensus, policy.consensus],
    ['notes', file.notes, policy.notes],
    ['time', file.time, policy.time],
  ];
  return pairs.filter(([, a, b]) => (a ?? '') !== (b ?? '')).map(([name]) => name);
}

/**
 * The lens of a policy whose organization could not be read (policies undefined): it says so, and offers to start
 * the local sandbox when the profile is the sandbox's, else the log that tells why.
 */
function unreadableLens(at: number, localSandbox: boolean): PolicyLens {
  return localSandbox
    ? {
        state: 'unreadable',
        offset: at,
        title: `$(warning) ${l10n.t('The organization cannot be read: Start Local Sandbox')}`,
        tooltip: l10n.t('The local sandbox is not running; start it to compare this file with the organization'),
        command: CommandIds.startLocalSandbox,
        args: [],
      }
    : {
        state: 'unreadable',
        offset: at,
        title: `$(warning) ${l10n.t('The organization cannot be read: Show Log')}`,
        tooltip: l10n.t('This file cannot be compared with the organization; the log says why'),
        command: CommandIds.showLog,
        args: [],
      };
}

export function policyLenses(
  uri: string,
  entries: readonly PolicyEntry[],
  policies: readonly Policy[] | undefined,
  /** Whether the active profile is the local sandbox's: what an unreadable organization offers. */
  localSandbox = false,
): PolicyLens[] {
  const lenses: PolicyLens[] = [];
  for (const entry of entries) {
    const policy = filePolicy(entry);
    const at = entry.offset;
    const target = { uri, index: entry.index };
    if (policy && !policies) lenses.push(unreadableLens(at, localSandbox));
    if (policy && policies) {
      const name = pickText(policy.policyName);
      const registered = policies.find((p) => p.policyName === policy.policyName);
      if (!registered) {
        lenses.push(
          {
            state: 'absent',
            offset: at,
            title: `$(circle-slash) ${l10n.t('Not in the organization')}`,
            tooltip: l10n.t('The organization has no policy named "{0}"', policy.policyName),
            command: CommandIds.createPolicyFromFile,
            args: [target],
          },
          {
            state: 'create',
            offset: at,
            title: l10n.t('Create Policy…'),
            tooltip: l10n.t('Create "{0}" in the organization (asks first)', policy.policyName),
            command: CommandIds.createPolicyFromFile,
            args: [target],
          },
        );
      } else {
        const differing = differingFields(policy, registered);
        const withId = { ...target, policyId: registered.policyId };
        if (differing.length === 0) {
          lenses.push(
            {
              state: 'matches',
              offset: at,
              title: `$(check) ${l10n.t('Matches policy "{0}"', name)}`,
              tooltip: l10n.t('"{0}" ({1}) is the same in the organization', policy.policyName, registered.policyId),
              command: CommandIds.openPolicyAsFile,
              args: [{ policyId: registered.policyId }],
            },
            {
              state: 'delete',
              offset: at,
              title: l10n.t('Delete Policy…'),
              tooltip: l10n.t(
                'Delete "{0}" ({1}) from the organization (asks first)',
                policy.policyName,
                registered.policyId,
              ),
              command: CommandIds.deletePolicyOfFile,
              args: [withId],
            },
          );
        } else {
          lenses.push(
            {
              state: 'differs',
              offset: at,
              title: `$(diff) ${l10n.t('Differs from policy "{0}"', name)}`,
              tooltip: l10n.t('Its {0} differ from this file', differing.join(', ')),
              command: CommandIds.comparePolicyWithFile,
              args: [withId],
            },
            {
              state: 'compare',
              offset: at,
              title: l10n.t('Compare'),
              tooltip: l10n.t('Compare "{0}" in the organization with this file', policy.policyName),
              command: CommandIds.comparePolicyWithFile,
              args: [withId],
            },
            {
              state: 'update',
              offset: at,
              title: l10n.t('Update Policy…'),
              tooltip: l10n.t('Update "{0}" ({1}) to this file (asks first)', policy.policyName, registered.policyId),
              command: CommandIds.updatePolicyFromFile,
              args: [withId],
            },
          );
        }
      }
    }
    lenses.push({
      state: 'evaluate',
      offset: at,
      title: l10n.t('Evaluate…'),
      tooltip: l10n.t("Evaluate this policy, with the organization's others, against an activity or a transaction"),
      command: CommandIds.evaluatePolicy,
      args: [target],
    });
  }
  return lenses;
}
