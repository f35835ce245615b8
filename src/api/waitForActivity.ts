/**
 * Waits for an activity to settle by polling get_activity with backoff: returns it COMPLETED or when it
 * needs people (consensus or authenticators), throws when it FAILED or was REJECTED. Cancellable with an
 * AbortSignal and bounded by a deadline.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CountersignClient } from './client';
import { ActivityFailedError, ActivityRejectedError, CancelledError, TransportError } from './errors';
import { DECISION_STATUSES, type Activity } from './schemas/activity';

export interface WaitForActivityOptions {
  signal?: AbortSignal;
  /** Give up after this long. Default 60000. */
  deadlineMs?: number;
  /** First pause before polling. Default 500 (raised to minIntervalMs). */
  initialDelayMs?: number;
  /** Longest pause between polls. Default 5000. */
  maxDelayMs?: number;
  /** Never poll faster than this. Default 1000. */
  minIntervalMs?: number;
}

/** Returns the activity when it is settled (COMPLETED or waiting for people), throws when it failed. */
function settled(activity: Activity): Activity | undefined {
  if (activity.status === 'ACTIVITY_STATUS_COMPLETED' || DECISION_STATUSES.includes(activity.status)) return activity;
  if (activity.status === 'ACTIVITY_STATUS_FAILED') throw new ActivityFailedError(activity, activity.failure);
  if (activity.status === 'ACTIVITY_STATUS_REJECTED') throw new ActivityRejectedError(activity);
  return undefined;
}

export async function waitForActivity(
  client: CountersignClient,
  activity: Activity,
  options: WaitForActivityOptions = {},
): Promise<Activity> {
  const { signal } = options;
  const deadlineMs = options.deadlineMs ?? 60_000;
  const minIntervalMs = Math.max(0, options.minIntervalMs ?? 1_000);
  const maxDelayMs = Math.max(minIntervalMs, options.maxDelayMs ?? 5_000);
  let delayMs = Math.max(minIntervalMs, options.initialDelayMs ?? 500);
  const giveUpAt = Date.now() + deadlineMs;

  let current = activity;
  for (;;) {
    if (signal?.aborted) throw new CancelledError();
    const done = settled(current);
    if (done) return done;
    const remaining = giveUpAt - Date.now();
    if (remaining <= 0 || delayMs > remaining) throw stillWaiting(current, deadlineMs);
    try {
      await sleep(delayMs, undefined, signal ? { signal } : undefined);
    } catch {
      throw new CancelledError();
    }
    const pollSignal = signal
      ? AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, giveUpAt - Date.now()))])
      : AbortSignal.timeout(Math.max(1, giveUpAt - Date.now()));
    try {
      current = await client.getActivity(
        { organizationId: current.organizationId, activityId: current.id },
        { signal: pollSignal },
      );
    } catch (error) {
      if (error instanceof CancelledError && !signal?.aborted) throw stillWaiting(current, deadlineMs);
      throw error;
    }
    delayMs = Math.min(maxDelayMs, delayMs * 2);
  }
}

function stillWaiting(activity: Activity, deadlineMs: number): TransportError {
  const seconds = Math.round(deadlineMs / 100) / 10;
  return new TransportError(
    'timeout',
    `Activity ${activity.id} is still ${activity.status.replace(/^ACTIVITY_STATUS_/, '')} after ${seconds} s; Countersign stopped waiting.`,
    'The activity may still complete; refresh the activities later to see its status.',
  );
}
