/**
 * What the editor does for one version of a policy file, bounded so that a keystroke in any file, however large
 * or deep, costs a bounded amount of work. Past each bound the editor stops and says so in a Problem (the
 * service takes at most 100 policies from an organization, so a file that reaches these holds far more than any
 * organization can).
 */

/**
 * Characters of a file read as policies. A larger file is read only as far as its check needs (CHECK_BUDGET), and
 * is not completed, hovered or given a lens.
 */
export const MAX_READ_LENGTH = 1024 * 1024;

/**
 * Expressions checked in one version of a file: at most this many characters of them (quotes included), and at
 * most this many (the service's 100 policies, three expressions each). The expressions after them are not checked.
 */
export const CHECK_BUDGET = { characters: 64 * 1024, count: 300 } as const;

/** Levels of brackets a policy file needs: its array, a policy's object. Deeper than this is said in a Problem. */
export const MAX_FILE_DEPTH = 64;
