/**
 * Behind the client's door (clientDoor.ts): the client with undici, zod and @noble (src/api/remote), the
 * organization store, and what reads from them. Everything here imports the rest statically; none of it loads at
 * activation.
 */
export * from '../api/remote';
export { OrganizationStore } from './store/organizationStore';
export { listOpenActivities } from './inbox/openActivities';
export { WorkspaceDescriptors } from './ui/clearSigningFiles';
