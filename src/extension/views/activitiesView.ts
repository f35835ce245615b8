/**
 * The Activities view as activation makes it: the view, its badge (the inbox's count, shown on the view's
 * container even while the view is closed) and a shell whose rows (activitiesTree.ts, behind the client's door) load when the view is first
 * shown or a command first needs them.
 */
import type { Inbox } from '../inbox/inbox';
import { openClient } from '../clientDoor';
import type { Services } from '../services';
import { awaitingCountText } from '../wording/awaitingWords';
import type { ActivitiesElement } from './treeElements';
import { TreeShell } from './treeShell';
import { ACTIVITIES_VIEW_ID } from './viewIds';
import type { ActivitiesRows, ActivitiesView } from './views';

export function registerActivitiesView(services: Services, inbox: Inbox): ActivitiesView {
  const shell = new TreeShell<ActivitiesElement, ActivitiesRows>(ACTIVITIES_VIEW_ID, async (host) => {
    void services.showStateInViews();
    const { ActivitiesTree } = await openClient();
    return new ActivitiesTree(services, inbox, host);
  });
  // No badge until something waits for a vote (the inbox counts none before its first look).
  let shown = '0';
  const subscription = inbox.onDidChange(() => {
    const count = inbox.count;
    const more = inbox.countIsFloor;
    const key = `${count}${more ? '+' : ''}`;
    if (key === shown) return;
    shown = key;
    shell.treeView.badge = count > 0 ? { value: count, tooltip: awaitingCountText(count, more) } : undefined;
  });
  return {
    provider: shell,
    treeView: shell.treeView,
    refresh: () => shell.refresh(),
    loadMore: async () => (await shell.rows()).loadMore(),
    activities: async () => (await shell.rows()).activities(),
    inboxGroup: async () => (await shell.rows()).inboxGroup(),
    reveal: async (activityId) => (await shell.rows()).reveal(activityId),
    dispose: () => {
      subscription.dispose();
      shell.dispose();
    },
  };
}
