/**
 * How much work an ABI file may cost the editor. A file is read on every edit, in the extension host, so its size
 * and nesting are bounded before anything walks it, and what passes a bound is reported as a problem, never
 * thrown. The figures sit far above what compilers write and far below what would block the editor:
 *
 * - 16 MiB of text: Hardhat and Truffle artifacts run to a few hundred KB, Foundry's with their AST to a few MB.
 *   Reading 16 MiB with JSON.parse takes about 0.1 s.
 * - 512 levels of nesting: an ABI nests two levels per tuple, a handful of tuples deep; a compiler's AST stays
 *   under a hundred. Recursive readers (jsonc-parser, zod) run out of stack near 5,000 to 8,000 levels.
 * - 1 MiB of ABI checked entry by entry (2.5 times the 400 KB the service accepts): past it only its size is
 *   reported, since it cannot be registered anyway. Checking 1 MiB takes about 0.2 s, 15 MB took 4 s.
 * - 2 MiB of text for problems placed at their entry: a larger file gets them at the start of its ABI, since
 *   placing needs a tree of the whole file (about 0.5 s per MB).
 */

export const MAX_ABI_DOCUMENT_CHARS = 16 * 1024 * 1024;
export const MAX_JSON_DEPTH = 512;
export const MAX_CHECKED_ABI_BYTES = 1024 * 1024;
export const MAX_PLACED_PROBLEM_CHARS = 2 * 1024 * 1024;

/** The offset of the first `[` or `{` that opens a level past `limit`, or undefined. One pass; strings skipped. */
export function tooDeepAt(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, one not escaped by an odd number of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return undefined;
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** "40.2 MB": a size for a message. */
export function megabytes(units: number): string {
  return `${(units / (1024 * 1024)).toFixed(1)} MB`;
}
