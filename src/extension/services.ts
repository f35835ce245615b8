import type * as vscode from 'vscode';
import type { Activity, CountersignClient, Logger } from '../api';

/** Which welcome content the empty views show; mirrored in the `countersign.state` context key. */
export type CountersignState = 'noProfile' | 'noKey' | 'ready' | 'error';

/** A profile: where the service is and which organization to act on. The private key is not here. */
export interface Profile {
  readonly id: string;
  readonly label: string;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly apiKeyId?: string;
  /** Created by "Start Local Sandbox"; refreshed from the sandbox's credentials each time it starts. */
  readonly localSandbox?: boolean;
}

/** The active profile with a client that stamps with its key. */
export interface Session {
  readonly profile: Profile;
  readonly client: CountersignClient;
}

/** What changed: trees refresh the part they show. */
export type ChangeScope = 'profile' | 'activities' | 'organization';

export interface Settings {
  readonly generateAppProofs: boolean;
  readonly pageSize: number;
  /** Never below 1000: the smallest plan allows one request per second. */
  readonly pollIntervalMs: number;
  readonly requestTimeoutMs: number;
}

/** The LogOutputChannel "Countersign", behind a redactor. */
export interface Log extends Logger {
  readonly channel: vscode.LogOutputChannel;
  /** Logs an error with its cause and stack (redacted). */
  failure(message: string, error: unknown): void;
  show(): void;
}

/**
 * The one object every feature receives. There are no module-level singletons: a feature gets what it
 * needs from here, and everything it creates is pushed into `context.subscriptions`.
 */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: Log;
  settings(): Settings;
  state(): CountersignState;
  /** The active session, or undefined when there is no profile or no key (the welcome views say which). */
  session(): Promise<Session | undefined>;
  /**
   * The active session, or an InvalidInputError that says what to set up first (add a profile, import a key),
   * for commands that cannot go on without one.
   */
  requireSession(): Promise<Session>;
  readonly onDidChange: vscode.Event<ChangeScope>;
  fireChange(scope: ChangeScope): void;
  /** Remembers an activity this window submitted, so that the Activities view follows it while it is pending. */
  noteSubmitted(activity: Activity): void;
  isSubmittedHere(activityId: string): boolean;
}
