/** The extension's two views and its review pages, as the commands and the tests reach them. */
import type * as vscode from 'vscode';
import type { PrivateKey, SmartContractInterface, Tag } from '../../api';
import type { ReviewPage } from '../review/reviewPanel';
import type { ReviewTarget } from '../review/reviewTarget';
import type { ActivitiesElement, ActivityElement, InboxGroupElement, OrganizationElement } from './treeElements';
import type { TreeRows } from './treeShell';

export interface Views {
  readonly activities: ActivitiesView;
  readonly organization: OrganizationView;
  /** The review pages (webview panels beside the editor), one per activity. */
  readonly reviews: ReviewPageSet;
}

/**
 * The review pages as commands and tests reach them (review/reviewPages.ts; named here so that what reaches the
 * views does not reach the pages' door).
 */
export interface ReviewPageSet extends vscode.Disposable {
  /** Opens the activity's page beside the editor, or brings it forward; resolves once it shows the activity. */
  show(target: ReviewTarget): Promise<ReviewPage>;
  /** The open page of an activity. */
  page(activityId: string): ReviewPage | undefined;
}

export interface ActivitiesView extends vscode.Disposable {
  readonly provider: vscode.TreeDataProvider<ActivitiesElement>;
  readonly treeView: vscode.TreeView<ActivitiesElement>;
  /** Reloads the list (as many activities as are shown now) and redraws. */
  refresh(): void;
  /** Loads the next page; does nothing when the last page was not full. */
  loadMore(): Promise<void>;
  /** The activity rows as the tree orders them now, those awaiting your vote first (loads if needed). */
  activities(): Promise<readonly ActivityElement[]>;
  /** The group "Awaiting your vote (N)" as the view shows it, once loaded. */
  inboxGroup(): Promise<InboxGroupElement | undefined>;
  /** Shows and selects the activity (loads it when it is not in the list); without an id, the inbox group. */
  reveal(activityId?: string): Promise<void>;
}

/** The rows behind the view: what the view's commands ask of it. */
export type ActivitiesRows = TreeRows<ActivitiesElement> &
  Pick<ActivitiesView, 'loadMore' | 'activities' | 'inboxGroup' | 'reveal'>;

export interface OrganizationView extends vscode.Disposable {
  readonly provider: vscode.TreeDataProvider<OrganizationElement>;
  readonly treeView: vscode.TreeView<OrganizationElement>;
  refresh(): void;
  /** What the view holds now, loaded if needed: undefined lists failed to load (or there is no session). */
  contents(): Promise<OrganizationContents | undefined>;
  /** Shows the next page of the accounts of the wallet whose row has this id. */
  showMoreAccounts(walletRowId: string): Promise<void>;
}

export interface OrganizationContents {
  readonly organizationId: string;
  readonly smartContractInterfaces: readonly SmartContractInterface[] | undefined;
  readonly privateKeys: readonly PrivateKey[] | undefined;
  readonly privateKeyTags: readonly Tag[] | undefined;
}

/** The rows behind the view: what the view's commands ask of it. */
export type OrganizationRows = TreeRows<OrganizationElement> & Pick<OrganizationView, 'contents' | 'showMoreAccounts'>;
