/**
 * The one session of the active profile: made when first asked for, kept while the profile, its key and the settings
 * it was made with stay, closed when it is replaced. Pure (no `vscode`): what takes time is given to it.
 */

/** What a session needs, worked out for one profile (its sandbox up, its key read, the client's code loaded). */
export interface PreparedSession<S> {
  /** Equal keys make interchangeable sessions: the one kept is returned rather than a new one made. */
  readonly key: string;
  make(): S;
}

export interface SessionSource<S> {
  /** The active profile's id now, or undefined. */
  activeId(): string | undefined;
  /** Everything the active profile's session needs; undefined when it can have none (no key). */
  prepare(): Promise<PreparedSession<S> | undefined>;
  close(session: S): void;
}

/** A switch during a preparation is met by preparing again; after this many switches in a row, the last one is used. */
const MAX_PREPARATIONS = 8;

export class SessionCache<S> {
  readonly #source: SessionSource<S>;
  #kept: { readonly key: string; readonly session: S } | undefined;

  constructor(source: SessionSource<S>) {
    this.#source = source;
  }

  async get(): Promise<S | undefined> {
    let prepared: PreparedSession<S> | undefined;
    for (let round = 1; ; round++) {
      const id = this.#source.activeId();
      prepared = await this.#source.prepare();
      // Prepared for a profile that is no longer active: keeping it would close the active profile's session.
      if (round >= MAX_PREPARATIONS || this.#source.activeId() === id) break;
    }
    if (!prepared) return undefined;
    if (this.#kept?.key === prepared.key) return this.#kept.session;
    this.drop();
    const session = prepared.make();
    this.#kept = { key: prepared.key, session };
    return session;
  }

  /** Closes the kept session; the next `get` makes another. */
  drop(): void {
    const old = this.#kept;
    this.#kept = undefined;
    if (old) this.#source.close(old.session);
  }
}
