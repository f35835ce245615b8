/** The Organization view's rows as a test reads them, and a client of a seeded user that is not the extension's. */
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { OrganizationElement } from '../../src/extension/views/treeElements';
import type { SandboxOrganization } from '../../src/sandbox';
import { organizationNamed } from './hostSupport';

export interface Row {
  readonly element: OrganizationElement;
  readonly item: vscode.TreeItem;
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** The rows under `parent` (the top when none), each with its tree item. */
export async function organizationRows(api: CountersignExtensionApi, parent?: OrganizationElement): Promise<Row[]> {
  const view = api.views.organization.provider;
  // A row asked for while the view reloads (a profile switch) may be gone: only the rows there are.
  const children = ((await view.getChildren(parent)) ?? []).filter((row) => row !== undefined);
  return Promise.all(children.map(async (element) => ({ element, item: await view.getTreeItem(element) })));
}

/** A client of the organization's user that is not the extension's: another teammate's tool. */
export function teammateClient(
  api: CountersignExtensionApi,
  organizations: readonly SandboxOrganization[],
  organization: string,
  userIndex = 0,
): { client: CountersignClient; organizationId: string } {
  const org = organizationNamed(organizations, organization);
  const key = org.users[userIndex]?.apiKeys[0];
  assert.ok(key, `${organization} has a user ${userIndex} with an API key`);
  const client = new CountersignClient(
    { baseUrl: api.localSandbox.running?.baseUrl ?? '' },
    new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  );
  return { client, organizationId: org.organizationId };
}
