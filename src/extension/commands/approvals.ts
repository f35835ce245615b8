/**
 * countersign.approveActivity / countersign.rejectActivity (and their passkey forms): vote on an activity that
 * waits for consensus. The vote itself (castVote.ts: the pick, the check against a second vote, the dialog, the
 * submission) is castVote.ts.
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import { command, type CommandDescriptor } from './commandDescriptor';
import type { Services } from '../services';
import { voteArguments, type Vote, type VoteInput } from './voteOptions';
import { castVote } from './castVote';

async function vote(services: Services, selection: Vote, input: VoteInput): Promise<unknown> {
  return castVote(services, selection, input);
}

export function approvalCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.approveActivityWithPasskey,
      failure: () => vscode.l10n.t('Countersign: could not approve the activity with a passkey.'),
      args: voteArguments,
      run: (input) => vote(services, 'approve', { ...input, signer: 'passkey' }),
    }),
    command({
      id: CommandIds.rejectActivityWithPasskey,
      failure: () => vscode.l10n.t('Countersign: could not reject the activity with a passkey.'),
      args: voteArguments,
      run: (input) => vote(services, 'reject', { ...input, signer: 'passkey' }),
    }),
    command({
      id: CommandIds.approveActivity,
      failure: () => vscode.l10n.t('Countersign: could not approve the activity.'),
      args: voteArguments,
      run: (input) => vote(services, 'approve', input),
    }),
    command({
      id: CommandIds.rejectActivity,
      failure: () => vscode.l10n.t('Countersign: could not reject the activity.'),
      args: voteArguments,
      run: (input) => vote(services, 'reject', input),
    }),
  ];
}
