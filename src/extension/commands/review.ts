/**
 * The review page's commands; their handlers load with import() on first use, so activation stays small.
 *   countersign.reviewActivity: see reviewActivity.ts
 *   countersign.simulateTeammateRequest: see simulateRequests.ts
 */
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import type { Services } from '../services';
import type { Views } from '../views/views';
import type { CommandDescriptor } from './commandDescriptor';
import { REVIEW_OPTIONS, SIMULATE_OPTIONS } from './reviewOptions';

export function reviewCommands(services: Services, views: Views, sandbox: LocalSandbox): CommandDescriptor[] {
  return [
    {
      id: CommandIds.reviewActivity,
      action: 'open the review page',
      accepts: ['activity', 'id', 'options'],
      options: REVIEW_OPTIONS,
      run: async (...args: unknown[]) => (await import('./reviewActivity.js')).reviewActivity(services, views, args),
    },
    {
      id: CommandIds.simulateTeammateRequest,
      action: "simulate a teammate's request",
      accepts: ['options'],
      options: SIMULATE_OPTIONS,
      run: async (...args: unknown[]) => (await import('./simulateRequests.js')).simulate(services, sandbox, args),
    },
  ];
}
