/**
 * What the client and the sandbox log through. The default does nothing; the extension injects its
 * LogOutputChannel. Fields never contain keys, stamps or signed bodies: callers pass only operation,
 * status, duration, attempt and ids.
 */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;

export interface Logger {
  trace(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const silentLogger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
