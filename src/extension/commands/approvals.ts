/**
 * countersign.approveActivity / countersign.rejectActivity: vote on an activity that waits for consensus. The
 * vote itself (castVote.ts: the pick, the check against a second vote, the dialog, the submission) loads on
 * first use, so that activation stays small.
 */
import { CommandIds } from '../commandIds';
import { optionsOf, type CommandDescriptor } from './commandDescriptor';
import { activityOf } from '../views/treeNodes';
import type { Services } from '../services';
import { VOTE_OPTIONS, type Vote } from './voteOptions';

async function vote(services: Services, selection: Vote, args: unknown[]): Promise<unknown> {
  const { castVote } = await import('./castVote.js');
  return castVote(services, selection, args);
}

/** The arguments with `signer: 'passkey'` set in their options object. */
function withPasskey(args: unknown[]): unknown[] {
  const [first, second] = args;
  const given = optionsOf(VOTE_OPTIONS, second ?? (activityOf(first) ? undefined : first));
  const options = { ...given, signer: 'passkey' };
  return activityOf(first) || typeof first === 'string' ? [first, options] : [options];
}

export function approvalCommands(services: Services): CommandDescriptor[] {
  return [
    {
      id: CommandIds.approveActivityWithPasskey,
      action: 'approve the activity with a passkey',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: (...args: unknown[]) => vote(services, 'approve', withPasskey(args)),
    },
    {
      id: CommandIds.rejectActivityWithPasskey,
      action: 'reject the activity with a passkey',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: (...args: unknown[]) => vote(services, 'reject', withPasskey(args)),
    },
    {
      id: CommandIds.approveActivity,
      action: 'approve the activity',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: (...args: unknown[]) => vote(services, 'approve', args),
    },
    {
      id: CommandIds.rejectActivity,
      action: 'reject the activity',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: (...args: unknown[]) => vote(services, 'reject', args),
    },
  ];
}
