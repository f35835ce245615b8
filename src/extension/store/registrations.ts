/**
 * Registrations of smart contract interfaces submitted in this window that wait for the votes of others: the ABI
 * lenses say so, and when one completes, the interface it replaces is offered for deletion. One settles when the
 * store learns that its activity ended, or when its label is among the organization's interfaces. Kept across
 * profile switches: coming back to the organization, the store reads the activity again. Pure (no `vscode`).
 */
import type { Activity, SmartContractInterface } from '../../api';
import { isTerminal } from './activityChanges';
import type { PendingRegistration } from './storeTypes';

export type { PendingRegistration } from './storeTypes';

export interface Settlement {
  /** Some registration stopped waiting. */
  readonly changed: boolean;
  /** Those that completed (the others were rejected or failed). */
  readonly completed: readonly PendingRegistration[];
}

const NOTHING: Settlement = { changed: false, completed: [] };

export class PendingRegistrations {
  readonly #waiting = new Map<string, PendingRegistration>();

  note(registration: PendingRegistration): void {
    this.#waiting.set(registration.activity.id, registration);
  }

  of(organizationId: string): PendingRegistration[] {
    return [...this.#waiting.values()].filter((p) => p.organizationId === organizationId);
  }

  /**
   * Drops the registrations whose activity, as `activityOf` knows it, ended, or whose label `interfaces` lists
   * (interfaces of their organization only).
   */
  settle(
    activityOf: (activityId: string) => Activity | undefined,
    interfaces: readonly SmartContractInterface[] | undefined,
  ): Settlement {
    if (this.#waiting.size === 0) return NOTHING;
    const completed: PendingRegistration[] = [];
    let changed = false;
    for (const [id, registration] of this.#waiting) {
      const registered = interfaces?.some(
        (sci) => sci.organizationId === registration.organizationId && sci.label === registration.label,
      );
      const activity = registered ? undefined : activityOf(id);
      if (!registered && (activity === undefined || !isTerminal(activity))) continue;
      this.#waiting.delete(id);
      changed = true;
      if (registered || activity?.status === 'ACTIVITY_STATUS_COMPLETED') completed.push(registration);
    }
    return changed ? { changed, completed } : NOTHING;
  }
}
