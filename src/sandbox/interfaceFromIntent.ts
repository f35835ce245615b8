/**
 * Smart contract interfaces created by an activity: the journal holds their fields once, in the activity's
 * intent, and they are read from there (at once when the activity is in memory, on first use when it is still
 * unread in the journal).
 */
import { DamagedActivityError, type StoredActivity } from './activityStore';
import type { ActivityRecord, Effect, InterfaceRecord } from './records';

const INTERFACE_INTENT_KEY = 'createSmartContractInterfaceIntent';

/** What creating a smart contract interface changes: the interface, described by the activity's own intent. */
export function interfaceCreated(
  organizationId: string,
  activityId: string,
  smartContractInterfaceId: string,
  createdAtMs: number,
): Effect {
  return { op: 'putInterfaceFromIntent', organizationId, activityId, smartContractInterfaceId, createdAtMs };
}

export type InterfaceCreated = Pick<
  Extract<Effect, { op: 'putInterfaceFromIntent' }>,
  'activityId' | 'smartContractInterfaceId' | 'createdAtMs'
>;

export function interfaceOfIntent(effect: InterfaceCreated, activity: ActivityRecord): InterfaceRecord {
  const intent = activity.intent[INTERFACE_INTENT_KEY] as Partial<Record<keyof InterfaceRecord, string>> | undefined;
  if (intent === undefined)
    throw new Error(`interface ${effect.smartContractInterfaceId}: activity ${effect.activityId} has no intent`);
  return {
    smartContractInterfaceId: effect.smartContractInterfaceId,
    smartContractAddress: intent.smartContractAddress ?? '',
    smartContractInterface: intent.smartContractInterface ?? '',
    type: intent.type ?? '',
    label: intent.label ?? '',
    notes: intent.notes ?? '',
    createdAtMs: effect.createdAtMs,
  };
}

/** An interface whose activity is still unread in the journal: its fields are read from the intent on first use. */
export class InterfaceFromIntent implements InterfaceRecord {
  readonly smartContractInterfaceId: string;
  readonly createdAtMs: number;
  #activity: StoredActivity<ActivityRecord> | undefined;
  #read: InterfaceRecord | undefined;

  constructor(effect: InterfaceCreated, activity: StoredActivity<ActivityRecord>) {
    this.smartContractInterfaceId = effect.smartContractInterfaceId;
    this.createdAtMs = effect.createdAtMs;
    this.#activity = activity;
  }

  #fields(): InterfaceRecord {
    if (this.#read === undefined) {
      const activity = this.#activity as StoredActivity<ActivityRecord>;
      this.#read = interfaceOfIntent(
        {
          activityId: activity.id,
          smartContractInterfaceId: this.smartContractInterfaceId,
          createdAtMs: this.createdAtMs,
        },
        activity.record,
      );
      this.#activity = undefined;
    }
    return this.#read;
  }

  get smartContractAddress(): string {
    return this.#fields().smartContractAddress;
  }

  get smartContractInterface(): string {
    return this.#fields().smartContractInterface;
  }

  get type(): string {
    return this.#fields().type;
  }

  get label(): string {
    return this.#fields().label;
  }

  get notes(): string {
    return this.#fields().notes;
  }
}

/**
 * The interfaces that can be read, in the order they were created: one whose activity's journal record turned out
 * damaged is left out (it is logged once, when found), so that it costs that interface alone, not every listing
 * and every signing decoded against the organization's interfaces. Reading it by its id still says why it is lost.
 */
export function readableInterfaces(interfaces: ReadonlyMap<string, InterfaceRecord>): InterfaceRecord[] {
  const readable: InterfaceRecord[] = [];
  for (const found of interfaces.values()) {
    try {
      if (typeof found.smartContractAddress === 'string') readable.push(found);
    } catch (error) {
      if (!(error instanceof DamagedActivityError)) throw error;
    }
  }
  return readable;
}
