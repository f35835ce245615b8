import { inspect } from 'node:util';
/**
 * The "Countersign" LogOutputChannel behind the redactor. Its level is VS Code's own ("Set Log Level…"). Every
 * line, field and error passes through the redactor before it is written, then through oneLine.ts: each call
 * writes one line (or, for `block` and `failure`, the lines it was given), whatever line breaks or bidi controls
 * the service's text in it holds, so no caller can forget to escape a name. The channel is created on the first
 * line (or "Show Log"), not at activation: creating a log channel costs the extension host several
 * milliseconds, and a window that only shows ABI lenses may never write a line.
 */
import type * as vscode from 'vscode';
import type { LogFields, Logger } from '../../api';
import { CancelledError, CountersignError, ServiceError } from '../../api/core';
import { oneLine } from './oneLine';
import { Redactor } from './redact';

/** The LogOutputChannel "Countersign", behind a redactor. */
export interface Log extends Logger {
  /**
   * Logs an error with its cause and stack (redacted), at error level; at warning level (`'warn'`) for what the
   * user can put right (a second vote, an input refused before anything was sent); at debug level for a read
   * given up on purpose.
   */
  failure(message: string, error: unknown, level?: 'error' | 'warn'): void;
  /** Several lines written together (an activity printed as JSON): each element one line, however it is made. */
  block(level: 'info' | 'warn', lines: readonly string[]): void;
  show(): void;
}

export interface RedactingLog extends Log {
  readonly redactor: Redactor;
  /** Any text on its way to the user (messages, details), masked the same way. */
  redact(text: string): string;
}

function formatFields(fields: LogFields | undefined): string {
  if (!fields) return '';
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' && /[\s"]/.test(value) ? JSON.stringify(value) : String(value)}`,
    );
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

/**
 * The error as a few lines: class, message, hint, service code, cause chain and (with `stack`) the stack. The
 * class is the error's own `name`, which survives minification (CountersignError sets it from the class). Each
 * entry is one line of the log (a message may itself hold line breaks: the log escapes them).
 */
function errorLines(error: unknown, options: { stack?: boolean }): string[] {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 4; depth++) {
    if (current instanceof Error) {
      lines.push(`${depth === 0 ? '' : 'caused by '}${current.name}: ${current.message}`);
      if (current instanceof CountersignError && current.hint) lines.push(`hint: ${current.hint}`);
      if (current instanceof ServiceError) {
        lines.push(`HTTP ${current.status}${current.turnkeyErrorCode ? `, ${current.turnkeyErrorCode}` : ''}`);
      }
      // The stack repeats the message first, over as many lines as the message has: only the frames follow.
      const frames = current.stack?.startsWith(`${current.name}: ${current.message}`)
        ? current.stack.slice(`${current.name}: ${current.message}`.length)
        : current.stack?.split('\n').slice(1).join('\n');
      if (options.stack && frames)
        lines.push(
          ...frames
            .split('\n')
            .filter((l) => l.trim() !== '')
            .slice(0, 7),
        );
      current = current.cause;
    } else {
      lines.push(`${depth === 0 ? '' : 'caused by '}${inspect(current, { depth: 2, breakLength: Infinity })}`);
      current = undefined;
    }
  }
  return lines;
}

/** The log over the channel `open` creates when the first line is written (or the log is shown). */
export function createLog(open: () => vscode.LogOutputChannel): RedactingLog {
  const redactor = new Redactor();
  /** One line per entry, redacted then escaped; several are redacted again together (a secret across lines). */
  const text = (entries: readonly string[]): string => {
    const joined = entries.map((entry) => oneLine(redactor.redact(entry))).join('\n');
    return entries.length > 1 ? redactor.redact(joined) : joined;
  };
  const line = (message: string, fields?: LogFields) => text([message + formatFields(fields)]);
  let opened: vscode.LogOutputChannel | undefined;
  const channel = (): vscode.LogOutputChannel => (opened ??= open());
  return {
    redactor,
    redact: (text) => redactor.redact(text),
    trace: (message, fields) => channel().trace(line(message, fields)),
    debug: (message, fields) => channel().debug(line(message, fields)),
    info: (message, fields) => channel().info(line(message, fields)),
    warn: (message, fields) => channel().warn(line(message, fields)),
    error: (message, fields) => channel().error(line(message, fields)),
    // The failure at its level, its stack only at trace level: an expected refusal is not a crash.
    failure: (message, error, level = 'error') => {
      const written = text([message, ...errorLines(error, { stack: false })]);
      // A read given up (a profile switch closed its client, a page was closed) failed for no one.
      if (error instanceof CancelledError) channel().debug(written);
      else if (level === 'warn') channel().warn(written);
      else channel().error(written);
      channel().trace(text([`${message} (stack)`, ...errorLines(error, { stack: true })]));
    },
    block: (level, lines) => channel()[level](text(lines)),
    show: () => channel().show(true),
  };
}
