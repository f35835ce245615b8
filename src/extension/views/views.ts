/** The extension's two views and its review pages, as the commands and the tests reach them. */
import type { ReviewPages } from '../review/reviewPages';
import type { ActivitiesView } from './activitiesTree';
import type { OrganizationView } from './organizationTree';

export interface Views {
  readonly activities: ActivitiesView;
  readonly organization: OrganizationView;
  /** The review pages (webview panels beside the editor), one per activity. */
  readonly reviews: ReviewPages;
}
