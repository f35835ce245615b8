/** Shared pieces of the client tests: the test key's stamper and a logger that keeps what it is given. */
import { type LogFields, type Logger } from '../../src/api';
import { ApiKeyStamper } from '../../src/api/remote';
import { readFixture } from '../support/fixtures';

export const privateKey = readFixture('keys', 'api-key.private').trim();
export const publicKey = readFixture('keys', 'api-key.public').trim();

export function testStamper(): ApiKeyStamper {
  return new ApiKeyStamper({ apiPrivateKey: privateKey, apiPublicKey: publicKey });
}

export interface LogEntry {
  level: string;
  message: string;
  fields: LogFields | undefined;
}
export function recordingLogger(): { logger: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: string) =>
    (message: string, fields?: LogFields): void => {
      entries.push({ level, message, fields });
    };
  return {
    logger: { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
    entries,
  };
}
