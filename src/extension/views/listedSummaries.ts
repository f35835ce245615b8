/**
 * What the listed activities do (finished ones, and open ones the inbox does not summarise), in the words the inbox
 * uses for what waits: summarised after each load of the Activities view, kept by id for the profile's
 * organization, and summarised again when the interfaces or the workspace's descriptors change.
 */
import type * as vscode from 'vscode';
import type { Activity } from '../../api';
import { activitySummaries } from '../activitySummaries';
import type { Services } from '../services';
import type { NameOf } from '../wording/activityWords';
import type { ActivitySummary } from '../wording/activitySummaryWords';

export class ListedSummaries implements vscode.Disposable {
  readonly #services: Services;
  readonly #changed: (activityIds: readonly string[]) => void;
  readonly #byId = new Map<string, ActivitySummary>();
  /** Summarised with nothing more to say: not asked again until what they are read with changes. */
  readonly #plain = new Set<string>();
  #organizationId: string | undefined;
  /** What was last summarised, to summarise again after a change. */
  #last: { organizationId: string; activities: readonly Activity[]; nameOf: NameOf } | undefined;
  readonly #subscriptions: vscode.Disposable[] = [];

  constructor(services: Services, changed: (activityIds: readonly string[]) => void) {
    this.#services = services;
    this.#changed = changed;
    this.#subscriptions.push(services.onDidChangeDescriptors(() => this.#again()));
    void services.store().then((store) =>
      this.#subscriptions.push(
        store.onDidChange((change) => {
          if (change.reset) this.#forget();
          else if (change.interfaces) this.#again();
        }),
      ),
    );
  }

  get(activity: Pick<Activity, 'id' | 'organizationId'>): ActivitySummary | undefined {
    return activity.organizationId === this.#organizationId ? this.#byId.get(activity.id) : undefined;
  }

  #forget(): void {
    this.#byId.clear();
    this.#plain.clear();
  }

  /** What they are read with changed: the rows shown are summarised again. */
  #again(): void {
    this.#forget();
    const last = this.#last;
    if (last) void this.update(last.organizationId, last.activities, last.nameOf).catch(() => undefined);
  }

  /** Summarises the activities not summarised yet; the rows whose summary arrived are told. */
  async update(organizationId: string, activities: readonly Activity[], nameOf: NameOf): Promise<void> {
    if (organizationId !== this.#organizationId) {
      this.#forget();
      this.#organizationId = organizationId;
    }
    this.#last = { organizationId, activities, nameOf };
    const missing = activities.filter((a) => !this.#byId.has(a.id) && !this.#plain.has(a.id));
    if (missing.length === 0) return;
    const summaries = await activitySummaries(this.#services, missing, nameOf);
    if (organizationId !== this.#organizationId) return;
    for (const activity of missing) {
      const summary = summaries.get(activity.id);
      if (summary) this.#byId.set(activity.id, summary);
      else this.#plain.add(activity.id);
    }
    if (summaries.size > 0) this.#changed([...summaries.keys()]);
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
  }
}
