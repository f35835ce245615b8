import type { Activity } from '../../api';

/** The activity a page shows, and the profile it was opened with. */
export interface ReviewTarget {
  readonly activityId: string;
  readonly organizationId: string;
  readonly profileId: string;
  /** The activity as the caller had it, shown at once while the page reads it again. */
  readonly activity?: Activity;
}
