/**
 * countersign.approveActivity / countersign.rejectActivity: vote on an activity that waits for consensus. The
 * vote itself (castVote.ts: the pick, the check against a second vote, the dialog, the submission) loads on
 * first use, so that activation stays small.
 */
import { CommandIds } from '../commandIds';
import type { CommandDescriptor } from './commandDescriptor';
import type { Services } from '../services';
import { VOTE_OPTIONS, type Vote } from './voteOptions';

async function vote(services: Services, selection: Vote, args: unknown[]): Promise<unknown> {
  const { castVote } = await import('./castVote.js');
  return castVote(services, selection, args);
}

export function approvalCommands(services: Services): CommandDescriptor[] {
  return [
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
