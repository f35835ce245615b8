/**
 * The profiles and which one is active, in one small file of the extension's global storage folder. Every window
 * of the user reads the same file and watches it, so a profile switch in one window reaches the others at once
 * (globalState has no change event: another window's update arrives silently). Written whole, to a temporary
 * file renamed over the old one, so a reader never sees half a file. Pure Node: no `vscode` here.
 */
import { watch, mkdirSync, readFileSync, type FSWatcher } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

export const PROFILE_FILE_NAME = 'profiles.json';

/** What the file holds: profile records as the store keeps them (no key: keys live in the secret storage). */
export interface ProfileFileState<P> {
  readonly profiles: readonly P[];
  readonly activeProfileId?: string;
}

/** A profile record as read back: the fields every profile has are strings. */
function isProfileRecord(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return ['id', 'label', 'baseUrl', 'organizationId'].every((name) => typeof record[name] === 'string');
}

/** The state in `text`, or undefined when it is not a profile file (edited by hand, truncated, another format). */
export function parseProfileFile<P>(text: string): ProfileFileState<P> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const { profiles, activeProfileId } = value as Record<string, unknown>;
  if (!Array.isArray(profiles) || !profiles.every(isProfileRecord)) return undefined;
  if (activeProfileId !== undefined && typeof activeProfileId !== 'string') return undefined;
  return { profiles: profiles as P[], ...(activeProfileId !== undefined ? { activeProfileId } : {}) };
}

export function serializeProfileFile<P>(state: ProfileFileState<P>): string {
  return `${JSON.stringify({ profiles: state.profiles, activeProfileId: state.activeProfileId }, null, 2)}\n`;
}

/** Why a profile file could not be read or written: says which file, and what to do. */
export class ProfileFileError extends Error {
  override readonly name = 'ProfileFileError';
}

export class ProfileFile<P> {
  readonly file: string;
  readonly #dir: string;
  #watcher: FSWatcher | undefined;
  #writes = 0;

  constructor(dir: string) {
    this.#dir = dir;
    this.file = path.join(dir, PROFILE_FILE_NAME);
  }

  /**
   * The state now, read synchronously (activation needs it before the first view is drawn): undefined when there
   * is no file yet, or when it does not parse (left alone until the next write replaces it).
   */
  readNow(): ProfileFileState<P> | undefined {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return undefined;
    }
    return parseProfileFile<P>(text);
  }

  async read(): Promise<ProfileFileState<P> | undefined> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return undefined;
    }
    return parseProfileFile<P>(text);
  }

  /** Replaces the file with `state`: a temporary file first, renamed over it. */
  async write(state: ProfileFileState<P>): Promise<void> {
    this.#writes += 1;
    const temporary = `${this.file}.${process.pid}.${this.#writes}.tmp`;
    try {
      mkdirSync(this.#dir, { recursive: true });
      await writeFile(temporary, serializeProfileFile(state), { mode: 0o600 });
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ProfileFileError(
        `Could not save the Countersign profiles to ${this.file} (${code}). Check that the folder is writable ` +
          'and that the disk has space, then try again.',
        { cause: error },
      );
    }
  }

  /**
   * Calls `changed` when the file may have changed (written here or by another window). Watches the folder, not
   * the file: a rename replaces the file a watch on it would follow. False when the folder cannot be watched.
   */
  watch(changed: () => void): boolean {
    if (this.#watcher) return true;
    try {
      mkdirSync(this.#dir, { recursive: true });
      this.#watcher = watch(this.#dir, { persistent: false }, (_event, name) => {
        if (name === null || String(name) === PROFILE_FILE_NAME) changed();
      });
      // A watch that fails later (the folder removed) stops quietly: a window's focus still reads the file.
      this.#watcher.on('error', () => this.stopWatching());
      return true;
    } catch {
      return false;
    }
  }

  stopWatching(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
  }
}
