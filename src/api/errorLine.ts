/** The first line of an error's message, trimmed: what a problem in words quotes of a library's error. */
export const firstLine = (error: unknown): string =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '').trim() : String(error);
