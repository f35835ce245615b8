/**
 * Behind the client's door (clientDoor.ts): the client with undici, zod and @noble (src/api/remote), the
 * organization store, and what reads from them. Everything here imports the rest statically; none of it loads at
 * activation.
 */
export * from '../api/remote';
export { OrganizationStore } from './store/organizationStore';
export { listOpenActivities } from './inbox/openActivities';
export { WorkspaceDescriptors } from './ui/clearSigningFiles';
export { commandRunner } from './commands/commandTable';
export { trackActivitySelection } from './commands/selectionContext';
export { ActivitiesTree } from './views/activitiesTree';
export { OrganizationTree } from './views/organizationTree';
export { endedSince, lookAtInbox, notify, reportEnded } from './inbox/inboxLook';
export { createJsonDocumentProviders } from './output/jsonDocumentProvider';
