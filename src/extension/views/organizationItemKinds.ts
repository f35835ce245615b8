/**
 * Which tree item each kind of the Organization view's elements is drawn as, and what a row adds on hover (an
 * interface's functions and events, an account's details: read only then, not for every row drawn).
 */
import type * as vscode from 'vscode';
import { policyTreeItem } from './governanceItems';
import { smartContractInterfaceTooltip } from './interfaceHover';
import {
  authenticatorTreeItem,
  groupTreeItem,
  privateKeyTagTreeItem,
  privateKeyTreeItem,
  smartContractInterfaceTreeItem,
  userTreeItem,
} from './organizationItems';
import { subOrganizationPartTreeItem, subOrganizationTreeItem } from './subOrganizationItems';
import type { OrganizationElement } from './treeElements';
import { fieldTreeItem, messageTreeItem } from './treeItems';
import { walletAccountTooltip, walletAccountTreeItem, walletTreeItem } from './walletItems';

/** The row of one element, by its kind. */
export function organizationTreeItem(element: OrganizationElement): vscode.TreeItem {
  switch (element.kind) {
    case 'group':
      return groupTreeItem(element);
    case 'smartContractInterface':
      return smartContractInterfaceTreeItem(element);
    case 'privateKey':
      return privateKeyTreeItem(element);
    case 'privateKeyTag':
      return privateKeyTagTreeItem(element);
    case 'user':
      return userTreeItem(element);
    case 'authenticator':
      return authenticatorTreeItem(element);
    case 'policy':
      return policyTreeItem(element);
    case 'wallet':
      return walletTreeItem(element);
    case 'walletAccount':
      return walletAccountTreeItem(element);
    case 'subOrganization':
      return subOrganizationTreeItem(element);
    case 'subOrganizationPart':
      return subOrganizationPartTreeItem(element);
    case 'field':
      return fieldTreeItem(element);
    case 'message':
      return messageTreeItem(element);
  }
}

/** On hover: an interface's tooltip lists its functions and events (its ABI is parsed only then). */
export function resolveOrganizationTreeItem(item: vscode.TreeItem, element: OrganizationElement): vscode.TreeItem {
  if (element.kind === 'smartContractInterface' && item.tooltip === undefined) {
    item.tooltip = smartContractInterfaceTooltip(element.smartContractInterface);
  }
  if (element.kind === 'walletAccount' && item.tooltip === undefined) item.tooltip = walletAccountTooltip(element);
  return item;
}
