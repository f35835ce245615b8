/**
 * `countersign-sandbox`: runs the local sandbox until SIGINT or SIGTERM.
 *   --host H          address to listen on (default 127.0.0.1)
 *   --port N          port, 0 for any free one (default 0)
 *   --data-dir DIR    where the journal and credentials.json live (default .sandbox)
 *   --memory          keep nothing on disk
 *   --rate-limit N    answer 429 past N requests per second from one credential (or from all unauthenticated ones)
 *   --repair          start on a damaged journal by cutting it at the damage (after a timestamped backup)
 *   --exit-with-stdin stop when standard input closes (a parent that wants the sandbox to end with it)
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { errorText, type Logger } from '../api';
import { startSandbox, type SandboxOptions } from './index';

const USAGE = `Usage: countersign-sandbox [options]

Runs the Countersign local sandbox: an offline service for trying Countersign and for tests.

Options:
  --host <host>        Address to listen on (default 127.0.0.1)
  --port <port>        Port to listen on; 0 picks a free one (default 0)
  --data-dir <dir>     Directory for the journal and credentials.json (default .sandbox)
  --memory             Keep everything in memory; nothing is written to disk
  --rate-limit <n>     Answer 429 past n requests per second from one API key or passkey;
                       requests that fail authentication share one more allowance of n
  --repair             Start on a damaged journal: copy it to a timestamped backup, cut it at the
                       damage and report how many records were dropped (without it, damage stops the start)
  --verbose            Log each request (method, path, status, duration) to stderr
  --exit-with-stdin    Stop when standard input closes (for a program that starts it as its child)
  -h, --help           Show this help
`;

class UsageError extends Error {}

function parseInteger(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return Number(value);
}

function parseOptions(argv: string[]): (SandboxOptions & { verbose: boolean; exitWithStdin: boolean }) | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        memory: { type: 'boolean' },
        'rate-limit': { type: 'string' },
        repair: { type: 'boolean' },
        verbose: { type: 'boolean' },
        'exit-with-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(errorText(error));
  }
  if (values.help) return 'help';
  const port = parseInteger('port', values.port, 0, 65535);
  const rateLimit = parseInteger('rate-limit', values['rate-limit'], 1, 1_000_000);
  if (values.memory && values['data-dir'] !== undefined)
    throw new UsageError('--memory and --data-dir cannot be used together.');
  if (values.memory && values.repair) throw new UsageError('--repair applies to a data directory, not to --memory.');
  return {
    host: values.host ?? '127.0.0.1',
    port: port ?? 0,
    ...(values.memory ? { memory: true } : { dataDir: path.resolve(values['data-dir'] ?? '.sandbox') }),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...(values.repair ? { repair: true } : {}),
    verbose: values.verbose === true,
    exitWithStdin: values['exit-with-stdin'] === true,
  };
}

function stderrLogger(verbose: boolean): Logger {
  const write = (level: string) => (message: string, fields?: Readonly<Record<string, unknown>>) => {
    process.stderr.write(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
  };
  const quiet = (): void => undefined;
  return {
    trace: quiet,
    debug: verbose ? write('debug') : quiet,
    info: quiet,
    warn: write('warn'),
    error: write('error'),
  };
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`countersign-sandbox: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const { verbose, exitWithStdin, ...sandboxOptions } = options;
  const sandbox = await startSandbox({ ...sandboxOptions, logger: stderrLogger(verbose) });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Stopping (${signal})…\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (exitWithStdin) {
    // Its parent holds the other end: when the parent ends, however it ends, the pipe closes.
    process.stdin.on('end', () => stop('stdin closed'));
    process.stdin.on('error', () => stop('stdin closed'));
    process.stdin.resume();
  }
  // Printed only once the handlers are in place: whoever waits for this line may signal at once.
  // The signer key follows the URL after a space: whoever reads the URL up to the first space still finds it whole.
  process.stdout.write(
    `Countersign sandbox listening on ${sandbox.baseUrl} with signer public key ${sandbox.credentials.signerPublicKey}\n`,
  );
  process.stdout.write(
    sandbox.credentialsPath ? `Credentials: ${sandbox.credentialsPath}\n` : 'Credentials: in memory only (--memory)\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`countersign-sandbox: ${errorText(error)}\n`);
  process.exit(1);
});
