/**
 * What the log says about an unexpected error: its class, the first line of its message and where it
 * was thrown, enough to find the cause. Long hex and base64 runs are masked, since a library's message
 * may quote the value it choked on and the sandbox holds private keys.
 */
import type { LogFields } from '../api';

const SECRET_LIKE = /(?:0x)?[0-9a-fA-F]{32,}|[A-Za-z0-9+/_-]{40,}={0,2}/g;
/** A stack frame's file, without the folders it sits in: `f (file.js:1:2)`. */
const FOLDERS = /(?:[A-Za-z]:)?(?:file:\/\/)?[^\s(]*[\\/]/g;

function masked(text: string): string {
  return text.replace(SECRET_LIKE, '[masked]').slice(0, 300);
}

/** Log fields for an error nobody expected: `error` (its class), `cause` (its message), `at` (its first frame). */
export function describeCause(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: typeof error, cause: masked(String(error).split('\n')[0] ?? '') };
  const frame = error.stack
    ?.split('\n')
    .slice(1)
    .find((line) => line.trim().startsWith('at '));
  return {
    error: error.name,
    cause: masked(error.message.split('\n')[0] ?? ''),
    ...(frame !== undefined ? { at: masked(frame.trim().slice(3).replace(FOLDERS, '')) } : {}),
  };
}
