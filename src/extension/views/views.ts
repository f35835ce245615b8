/** The extension's two views, as the commands and the tests reach them. */
import type { ActivitiesView } from './activitiesTree';
import type { OrganizationView } from './organizationTree';

export interface Views {
  readonly activities: ActivitiesView;
  readonly organization: OrganizationView;
}
