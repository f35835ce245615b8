/**
 * What the lenses above an ABI say, as plain data: pure, so that each state is tested in Node. For each contract
 * of the file: the interfaces of the organization whose ABI equals the file's ("Registered as Counter ·
 * 0x5aAe…BeAed"); an interface labelled with the contract's name (or `Counter v2`) whose ABI differs ("Registered
 * ABI differs from this file", Compare, Replace…); a registration waiting for approval (one submitted here, or any
 * open one of the organization: `pendingOfOpen`); else "Register as smart contract interface", which asks first
 * when the file has warnings. An invalid ABI gets one lens that says so. A file too large to read on every edit
 * gets one lens too, which registers it: only then is it read.
 */
import * as l10n from '@vscode/l10n';
import type { AbiDocumentContract, AbiDocumentProblem, Activity, SmartContractInterface } from '../../api';
import { canonicalAbiJsonOfText, labelVersion } from '../../api/remote';
import { CommandIds, type CommandId } from '../commandIds';
import { shortAddress } from '../wording/activityWords';
import { byCount } from '../wording/plural';
import { pickText } from '../ui/shownText';
import type { PendingRegistration } from '../store/registrations';

export type AbiLensState = 'register' | 'registered' | 'differs' | 'waiting' | 'invalid' | 'deleteOld' | 'large';

/**
 * Past this many characters (4 MiB) a file is read only on demand, not on every edit: reading a 15 MB artifact
 * (JSON, the ABI found and checked) holds the extension host for 1 to 1.5 s. Compilers' artifacts with their AST
 * stay below it but for the largest contracts.
 */
export const MAX_ANALYSED_ABI_CHARS = 4 * 1024 * 1024;

/** The one lens of a file past `MAX_ANALYSED_ABI_CHARS`: registering it reads it, once, when asked. */
export function largeFileLens(uri: string, chars: number): AbiLens {
  const size = `${(chars / (1024 * 1024)).toFixed(1)} MB`;
  return {
    state: 'large',
    offset: 0,
    title: l10n.t('Large ABI file ({0}): Register as smart contract interface…', size),
    tooltip: l10n.t('This file ({0}) is read when you register it, not on every edit.', size),
    command: CommandIds.createSmartContractInterface,
    args: [{ uri }],
  };
}

export interface AbiLens {
  readonly state: AbiLensState;
  /** Where it sits: the offset of the contract's ABI in the text. */
  readonly offset: number;
  readonly title: string;
  readonly tooltip: string;
  readonly command: CommandId;
  readonly args: readonly unknown[];
}

export interface AbiLensInput {
  /** The document's URI, as text (what the commands receive). */
  readonly uri: string;
  readonly contracts: readonly AbiDocumentContract[];
  readonly problems: readonly AbiDocumentProblem[];
  /** The organization's interfaces; undefined when there is no session or they could not be listed. */
  readonly interfaces: readonly SmartContractInterface[] | undefined;
  readonly pending: readonly PendingRegistration[];
}

/** Canonical ABIs of registered interfaces, kept per id and update time (an ABI is up to 400 KB to parse). */
export class CanonicalCache {
  readonly #cache = new Map<string, string | undefined>();

  of(sci: SmartContractInterface): string | undefined {
    const key = `${sci.smartContractInterfaceId}@${sci.updatedAt.seconds}`;
    if (!this.#cache.has(key)) {
      if (this.#cache.size > 500) this.#cache.clear();
      this.#cache.set(key, canonicalAbiJsonOfText(sci.smartContractInterface));
    }
    return this.#cache.get(key);
  }
}

const CREATE_INTERFACE = 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE';

/**
 * The registrations among the organization's open activities (submitted in another window, by a teammate, or
 * before a restart), as waiting registrations; those whose ABI cannot be read are left out.
 */
export function pendingOfOpen(open: readonly Activity[], organizationId: string): PendingRegistration[] {
  const pending: PendingRegistration[] = [];
  for (const activity of open) {
    if (activity.type !== CREATE_INTERFACE || activity.organizationId !== organizationId) continue;
    const intent = activity.intent['createSmartContractInterfaceIntent'];
    if (typeof intent !== 'object' || intent === null) continue;
    const { smartContractInterface, label } = intent as Record<string, unknown>;
    if (typeof smartContractInterface !== 'string' || typeof label !== 'string') continue;
    const canonicalJson = canonicalAbiJsonOfText(smartContractInterface);
    if (canonicalJson === undefined) continue;
    pending.push({ organizationId, activity, label, canonicalJson, replaces: undefined });
  }
  return pending;
}

export function abiLenses(input: AbiLensInput, canonical: CanonicalCache): AbiLens[] {
  const lenses: AbiLens[] = [];
  if (input.contracts.length === 0) {
    const first = input.problems.find((p) => p.severity === 'error');
    if (first) lenses.push(invalidLens(input.uri, first, 0));
    return lenses;
  }
  for (const contract of input.contracts) {
    const contractName = contract.contractName;
    const options = { uri: input.uri, ...(contractName !== undefined ? { contractName } : {}) };
    const at = contract.offset;
    if (contract.canonicalJson === undefined) {
      const problem =
        input.problems.find((p) => p.severity === 'error' && p.contractName === contractName) ??
        input.problems.find((p) => p.severity === 'error');
      if (problem) lenses.push(invalidLens(input.uri, problem, at));
      continue;
    }
    const interfaces = input.interfaces ?? [];
    const equal = interfaces.filter((sci) => canonical.of(sci) === contract.canonicalJson);
    const sameName =
      contractName === undefined ? [] : interfaces.filter((sci) => labelVersion(sci.label, contractName) !== undefined);
    const differing = sameName.filter((sci) => !equal.includes(sci));
    const waiting = input.pending.filter(
      (p) => p.canonicalJson === contract.canonicalJson && !equal.some((sci) => sci.label === p.label),
    );

    for (const sci of equal) {
      lenses.push({
        state: 'registered',
        offset: at,
        title: `$(check) ${l10n.t('Registered as {0} · {1}', pickText(sci.label), shortAddress(sci.smartContractAddress))}`,
        tooltip: l10n.t('Show "{0}" ({1}) in the Organization view', sci.label, sci.smartContractInterfaceId),
        command: CommandIds.revealSmartContractInterface,
        args: [{ smartContractInterfaceId: sci.smartContractInterfaceId }],
      });
    }
    for (const registration of waiting) {
      lenses.push({
        state: 'waiting',
        offset: at,
        title: `$(watch) ${l10n.t('Registration as {0} waits for approval', pickText(registration.label))}`,
        tooltip: l10n.t('Activity {0}: open it as JSON', registration.activity.id),
        command: CommandIds.openActivityJson,
        args: [registration.activity],
      });
    }
    if (equal.length > 0) {
      // The file's ABI is registered under a newer label: the older ones of the same contract may go.
      for (const old of differing) {
        lenses.push({
          state: 'deleteOld',
          offset: at,
          title: l10n.t('Delete old "{0}"…', pickText(old.label)),
          tooltip: l10n.t(
            '"{0}" ({1}) has another ABI than this file, which is registered: delete it (asks first)',
            old.label,
            old.smartContractInterfaceId,
          ),
          command: CommandIds.deleteSmartContractInterface,
          args: [old.smartContractInterfaceId],
        });
      }
      continue;
    }
    const [newest] = [...differing].sort(
      (a, b) => (labelVersion(b.label, contractName ?? '') ?? 0) - (labelVersion(a.label, contractName ?? '') ?? 0),
    );
    if (newest && waiting.length === 0) {
      const target = { ...options, smartContractInterfaceId: newest.smartContractInterfaceId };
      lenses.push(
        {
          state: 'differs',
          offset: at,
          title: `$(diff) ${l10n.t('Registered ABI differs from this file')}`,
          tooltip: l10n.t('"{0}" at {1} has another ABI than this file', newest.label, newest.smartContractAddress),
          command: CommandIds.revealSmartContractInterface,
          args: [{ smartContractInterfaceId: newest.smartContractInterfaceId }],
        },
        {
          state: 'differs',
          offset: at,
          title: l10n.t('Compare'),
          tooltip: l10n.t('Compare "{0}" with this file', newest.label),
          command: CommandIds.compareWithRegisteredInterface,
          args: [target],
        },
        {
          state: 'differs',
          offset: at,
          title: l10n.t('Replace…'),
          tooltip: l10n.t(
            'Register this ABI as a new version of "{0}", then offer to delete the old one',
            newest.label,
          ),
          command: CommandIds.replaceSmartContractInterface,
          args: [target],
        },
      );
      continue;
    }
    if (waiting.length > 0) continue;
    lenses.push({
      state: 'register',
      offset: at,
      title: `$(add) ${l10n.t('Register as smart contract interface')}`,
      tooltip:
        contractName === undefined
          ? contract.warnings > 0
            ? byCount(
                contract.warnings,
                l10n.t('Register this ABI ({0} warning: see the Problems panel)', contract.warnings),
                l10n.t('Register this ABI ({0} warnings: see the Problems panel)', contract.warnings),
              )
            : l10n.t('Register this ABI with the organization')
          : contract.warnings > 0
            ? byCount(
                contract.warnings,
                l10n.t('Register {0} ({1} warning: see the Problems panel)', contractName, contract.warnings),
                l10n.t('Register {0} ({1} warnings: see the Problems panel)', contractName, contract.warnings),
              )
            : l10n.t('Register {0} with the organization', contractName),
      command: CommandIds.createSmartContractInterface,
      // With warnings, the command shows them and asks before anything is sent.
      args: [contract.warnings > 0 ? { ...options, confirmWarnings: true } : options],
    });
  }
  return lenses;
}

function invalidLens(uri: string, problem: AbiDocumentProblem, at: number): AbiLens {
  return {
    state: 'invalid',
    offset: at,
    title: `$(error) ${l10n.t('Invalid ABI: {0}', pickText(problem.message.length > 90 ? `${problem.message.slice(0, 89)}…` : problem.message))}`,
    tooltip: l10n.t('Show the problem: {0}', problem.message),
    command: CommandIds.revealAbiProblem,
    args: [{ uri, offset: String(problem.offset), length: String(problem.length) }],
  };
}
