/**
 * The Organization view as activation makes it: the view and a shell whose rows (organizationTree.ts, behind the client's door) load when
 * the view is first shown or a command first needs them.
 */
import { openClient } from '../clientDoor';
import type { Services } from '../services';
import type { OrganizationElement } from './treeElements';
import { TreeShell } from './treeShell';
import { ORGANIZATION_VIEW_ID } from './viewIds';
import type { OrganizationRows, OrganizationView } from './views';

export function registerOrganizationView(services: Services): OrganizationView {
  const shell = new TreeShell<OrganizationElement, OrganizationRows>(ORGANIZATION_VIEW_ID, async (host) => {
    void services.showStateInViews();
    const { OrganizationTree } = await openClient();
    return new OrganizationTree(services, host);
  });
  return {
    provider: shell,
    treeView: shell.treeView,
    refresh: () => shell.refresh(),
    contents: async () => (await shell.rows()).contents(),
    showMoreAccounts: async (walletRowId) => (await shell.rows()).showMoreAccounts(walletRowId),
    dispose: () => shell.dispose(),
  };
}
