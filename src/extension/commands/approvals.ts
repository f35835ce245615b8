/**
 * The vote commands: Approve / Reject Activity (signed with the profile's API key) and Approve / Reject Activity
 * with Passkey. What they do is in voting.ts, loaded with import() on the first vote.
 *
 * Arguments:
 *   - an activity tree node, an Activity, or a fingerprint string, optionally followed by `{ confirmed?: true }`
 *   - or `{ fingerprint?, activityId?, organizationId?, confirmed?, signer? }`
 *   - nothing (palette): a pick of the activities this user can vote on, or a fingerprint typed in.
 */
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import { activityOf } from '../views/treeNodes';
import { optionsOf, type CommandDescriptor } from './commandDescriptor';
import { VOTE_OPTIONS } from './voteOptions';

const voting = () => import('./voting.js');

export function approvalCommands(services: Services): CommandDescriptor[] {
  const withPasskey = (args: unknown[]): unknown[] => {
    const [first, second] = args;
    const given = optionsOf(VOTE_OPTIONS, second ?? (activityOf(first) ? undefined : first));
    const options = { ...given, signer: 'passkey' };
    return activityOf(first) || typeof first === 'string' ? [first, options] : [options];
  };
  return [
    {
      id: CommandIds.approveActivityWithPasskey,
      action: 'approve the activity with a passkey',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: async (...args: unknown[]) => (await voting()).castVote(services, 'approve', withPasskey(args)),
    },
    {
      id: CommandIds.rejectActivityWithPasskey,
      action: 'reject the activity with a passkey',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: async (...args: unknown[]) => (await voting()).castVote(services, 'reject', withPasskey(args)),
    },
    {
      id: CommandIds.approveActivity,
      action: 'approve the activity',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: async (...args: unknown[]) => (await voting()).castVote(services, 'approve', args),
    },
    {
      id: CommandIds.rejectActivity,
      action: 'reject the activity',
      accepts: ['activity', 'id', 'options'],
      options: VOTE_OPTIONS,
      run: async (...args: unknown[]) => (await voting()).castVote(services, 'reject', args),
    },
  ];
}
