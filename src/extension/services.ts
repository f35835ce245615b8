import * as vscode from 'vscode';
import type { CountersignClient } from '../api';
import { InvalidInputError } from '../api/core';
import type { RedactingLog } from './output/log';
import type { Profile } from './profiles/profileStore';
import type { KeyVault } from './profiles/keyVault';
import type { LocalSandbox } from './localSandbox';
import type { ProfileStore } from './profiles/profileStore';
import { ContextKeys } from './commandIds';
import { clampSetting, type NumericSetting } from './settingBounds';
import type * as Remote from '../api/remote';
import type { listOpenActivities } from './inbox/openActivities';
import { ModalDialogs } from './ui/modalDialogs';
import { ContextKey } from './ui/contextKey';
import type { OrganizationFacts, OrganizationStore } from './store/organizationStore';
import type { WorkspaceDescriptors } from './ui/clearSigningFiles';
import { LoadOnce } from './loadOnce';
import { SessionCache } from './profiles/sessionCache';

/** The profile type lives with its store; named here too for the features that take it with Services. */
export type { Profile } from './profiles/profileStore';

/** Which welcome content the empty views show; mirrored in the `countersign.state` context key. */
export type CountersignState = 'noProfile' | 'noKey' | 'ready' | 'error';

/** The active profile with a client that stamps with its key. */
export interface Session {
  readonly profile: Profile;
  readonly client: CountersignClient;
}

export interface Settings {
  readonly generateAppProofs: boolean;
  readonly pageSize: number;
  /** Never below 1000: the smallest plan allows one request per second. */
  readonly pollIntervalMs: number;
  readonly requestTimeoutMs: number;
  /** Whether a new activity waiting for the user's vote raises a notification. */
  readonly inboxNotifications: boolean;
}

/**
 * The one object every feature receives. There are no module-level singletons: a feature gets what it
 * needs from here, and everything it creates is pushed into `context.subscriptions`.
 */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: RedactingLog;
  readonly profiles: ProfileStore;
  /** The only way to the secret store. */
  readonly keys: KeyVault;
  /** The modal dialogs of approve, reject and delete (tests read and answer them here). */
  readonly modals: ModalDialogs;
  /**
   * The active profile's organization store (loaded with its first reader): the activities, the organization and
   * the one poll that keeps them current. Views read from it and watch it, and none of them polls; commands tell it
   * what they did (submit, vote, markStale); its onDidChange is the one bus news of the organization travels on.
   */
  store(): Promise<OrganizationStore>;
  /**
   * The workspace's ERC-7730 clear-signing descriptors (made with their first reader): searched for once, then
   * read again file by file as the watcher sees them change.
   */
  descriptors(): Promise<WorkspaceDescriptors>;
  /** A descriptor that was read may have changed: the summaries made with it are to be made again. */
  readonly onDidChangeDescriptors: vscode.Event<void>;
  /** Masks secrets in text meant for the user (messages, details). */
  redact(text: string): string;
  settings(): Settings;
  state(): CountersignState;
  /**
   * A view is drawn: from now on the `countersign.state` context key follows state(). Only the views' welcome
   * content reads it, so a window that shows neither view never sets it.
   */
  showStateInViews(): Promise<void>;
  /** The active session, or undefined when there is no profile or no key (the welcome views say which). */
  session(): Promise<Session | undefined>;
  /**
   * The active session, or an InvalidInputError that says what to set up first (add a profile, import a key),
   * for commands that cannot go on without one.
   */
  requireSession(): Promise<Session>;
  /** The store's facts of the active organization (its user, root quorum and names): see OrganizationStore.facts. */
  organizationFacts(): Promise<OrganizationFacts | undefined>;
}

const SETTINGS_SECTION = 'countersign';

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const value = (name: NumericSetting) => clampSetting(name, config.get<unknown>(name));
  return {
    generateAppProofs: config.get<boolean>('generateAppProofs', false),
    pageSize: value('activities.pageSize'),
    pollIntervalMs: value('activities.pollIntervalSeconds') * 1000,
    requestTimeoutMs: value('requestTimeoutSeconds') * 1000,
    inboxNotifications: config.get<boolean>('inbox.notifications', true) !== false,
  };
}

/**
 * What the services take from behind the client's door: the client for the session, the store and the workspace's
 * descriptors. extension.ts gives clientDoor.ts's openClient (what is behind a door never imports the door).
 */
export type ClientParts = () => Promise<
  Pick<typeof Remote, 'ApiKeyStamper' | 'CountersignClient' | 'derivePublicKey'> & {
    readonly OrganizationStore: typeof OrganizationStore;
    readonly listOpenActivities: typeof listOpenActivities;
    readonly WorkspaceDescriptors: typeof WorkspaceDescriptors;
  }
>;

/** Builds the Services object. Everything it creates is owned by `context.subscriptions`. */
export function createServices(
  context: vscode.ExtensionContext,
  log: RedactingLog,
  profiles: ProfileStore,
  keys: KeyVault,
  /** Brings a local sandbox profile's sandbox up before a session on it is made. */
  sandbox: LocalSandbox,
  openClient: ClientParts,
): Services {
  const modals = new ModalDialogs();
  let state: CountersignState = 'noProfile';
  /** Whether state has been worked out once (the secret storage has answered). */
  let stateKnown = false;
  let stateInViews = false;
  const stateKey = new ContextKey<CountersignState>(ContextKeys.state);
  const mirrorState = () => (stateKnown && stateInViews ? stateKey.set(state) : Promise.resolve());
  /** The last key's public half: deriving it costs about 0.6 ms of CPU, and every store read prepares a session. */
  let derived: { readonly privateKey: string; readonly publicKey: string } | undefined;
  // One session for the active profile; one prepared for a profile switched away from meanwhile is not kept.
  const sessions = new SessionCache<Session>({
    activeId: () => profiles.active()?.id,
    prepare: async () => {
      let profile = profiles.active();
      if (!profile) return undefined;
      // Bringing a sandbox up may refresh the profile (its URL).
      await sandbox.prepare(profile);
      profile = profiles.active();
      if (!profile) return undefined;
      const privateKey = await keys.get(profile.id);
      if (privateKey === undefined) return undefined;
      const settings = readSettings();
      // The client (and undici under it, and @noble for the key) loads with the first session, not at activation.
      const { ApiKeyStamper, CountersignClient, derivePublicKey } = await openClient();
      if (derived?.privateKey !== privateKey) derived = { privateKey, publicKey: derivePublicKey(privateKey) };
      const { publicKey } = derived;
      const active = profile;
      return {
        key: JSON.stringify([profile, publicKey, settings.requestTimeoutMs]),
        make: () => {
          const stamper = new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey });
          const client = new CountersignClient({ baseUrl: active.baseUrl }, stamper, {
            logger: log,
            timeoutMs: settings.requestTimeoutMs,
            clientVersion: `countersign-vscode/${String((context.extension.packageJSON as { version?: unknown }).version)}`,
          });
          return { profile: active, client };
        },
      };
    },
    close: (old) => void old.client.close(),
  });
  const dropSession = () => {
    derived = undefined;
    sessions.drop();
  };
  const session = () => sessions.get();

  const refreshState = async () => {
    let next: CountersignState;
    const profile = profiles.active();
    try {
      next = !profile ? 'noProfile' : (await keys.has(profile.id)) ? 'ready' : 'noKey';
    } catch (error) {
      log.failure('Could not read the API key from the secret storage', error);
      next = 'error';
    }
    state = next;
    stateKnown = true;
    await mirrorState();
  };

  const onProfileChange = () => {
    dropSession();
    void refreshState().then(() => withStore((loaded) => loaded.reset()));
  };

  // Made with its first reader (the inbox at activation asks for it without waiting), behind the client's door.
  let store: Promise<OrganizationStore> | undefined;
  const loadStore = () =>
    (store ??= openClient().then(({ OrganizationStore, listOpenActivities }) => {
      const made = new OrganizationStore({
        session,
        intervalMs: () => readSettings().pollIntervalMs,
        focused: () => vscode.window.state.focused,
        listOpen: listOpenActivities,
        debug: (message, fields) => log.debug(message, fields),
        warn: (message) => log.warn(message),
      });
      context.subscriptions.push(made);
      return made;
    }));
  // Its store is loaded by its first reader; before that no one listens, and the first read is fresh anyway.
  const withStore = (use: (loaded: OrganizationStore) => void) => {
    if (store) void store.then(use);
  };
  const descriptorsChanged = new vscode.EventEmitter<void>();
  const descriptors = new LoadOnce(() =>
    openClient().then(({ WorkspaceDescriptors }) => {
      const made = new WorkspaceDescriptors(log, () => descriptorsChanged.fire());
      context.subscriptions.push(made);
      return made;
    }),
  );

  context.subscriptions.push(
    descriptorsChanged,
    modals,
    { dispose: dropSession },
    profiles.onDidChange(onProfileChange),
    keys.onDidChange(onProfileChange),
    // Another profile, address or organization empties the store by itself (it compares each session's); a key
    // imported anew or a restarted sandbox may change who signs: the store resets what it knows of who you are.
    sandbox.onDidChange(() => withStore((loaded) => loaded.reset())),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${SETTINGS_SECTION}.requestTimeoutSeconds`)) dropSession();
      if (event.affectsConfiguration(`${SETTINGS_SECTION}.activities`)) {
        withStore((loaded) => loaded.markStale('activities'));
      }
    }),
  );
  void refreshState();

  return {
    context,
    log,
    profiles,
    keys,
    modals,
    store: loadStore,
    descriptors: () => descriptors.get(),
    onDidChangeDescriptors: descriptorsChanged.event,
    redact: (text) => log.redact(text),
    settings: readSettings,
    state: () => state,
    showStateInViews: () => {
      stateInViews = true;
      return mirrorState();
    },
    session,
    requireSession: async () => {
      const active = profiles.active();
      if (!active) {
        throw new InvalidInputError(
          'profile',
          vscode.l10n.t('There is no Countersign profile yet.'),
          vscode.l10n.t('Run "Countersign: Add Profile", or "Countersign: Start Local Sandbox" to try it offline.'),
        );
      }
      const current = await session();
      if (!current) {
        throw new InvalidInputError(
          'profile',
          vscode.l10n.t('The profile "{0}" has no API key.', active.label),
          vscode.l10n.t('Run "Countersign: Import API Key" or "Countersign: Generate API Key".'),
        );
      }
      return current;
    },
    organizationFacts: async () => (await loadStore()).facts(),
  };
}
