/** The first line of an error's message, trimmed: what a problem in words quotes of a library's error. */
export const firstLine = (error: unknown): string =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '').trim() : String(error);

/** An error's message as one line of text, whatever was thrown (a string, an object without a message). */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
