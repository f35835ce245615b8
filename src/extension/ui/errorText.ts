/** An error's message as one line of text, whatever was thrown (a string, an object without a message). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
