/**
 * The set-up step of `npm test` and `npm start` (scripts/setup.mjs), on a machine where packages are missing,
 * without removing any: the places it probes (PATH, CHROMIUM_PATH, the Kerberos header) point into a scratch
 * folder, and apt-get there is a stub that records its arguments and "installs" by creating the files.
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../support/fixtures';

interface SetupOptions {
  env?: Record<string, string | undefined>;
  uid?: number;
  gssapiHeader?: string;
  codeServerInstalled?: boolean;
  browser?: boolean;
  platform?: string;
  log?: (line: string) => void;
}
interface SetupModule {
  setup(options: SetupOptions): boolean;
  findMissing(options: SetupOptions): string[];
}

const setupScript = path.join(repoRoot, 'scripts', 'setup.mjs');

describe('set-up of a fresh machine (scripts/setup.mjs)', () => {
  let scratch: string;
  let bin: string;
  let header: string;
  let aptLog: string;
  let mod: SetupModule;

  before(async () => {
    mod = (await import(pathToFileURL(setupScript).href)) as SetupModule;
  });

  beforeEach(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'countersign-setup-'));
    bin = path.join(scratch, 'bin');
    chmodSync(scratch, 0o755); // the unprivileged run below must reach the stubs
    mkdirSync(bin);
    header = path.join(scratch, 'include', 'gssapi', 'gssapi.h');
    aptLog = path.join(scratch, 'apt.log');
    mkdirSync(path.dirname(header), { recursive: true });
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  /** An apt-get that records each call; `install` creates the command or header each named package brings. */
  function stubAptGet(): void {
    const script = `#!/bin/sh
echo "$*" >> '${aptLog}'
[ "$1" = install ] || exit 0
for arg in "$@"; do
  case "$arg" in
    -*|install) ;;
    libkrb5-dev) : > '${header}' ;;
    *) : > '${bin}'/"$arg" ;;
  esac
done
`;
    writeFileSync(path.join(bin, 'apt-get'), script);
    chmodSync(path.join(bin, 'apt-get'), 0o755);
  }

  function runSetup(options: SetupOptions): { ok: boolean; output: string } {
    const lines: string[] = [];
    const ok = mod.setup({
      env: { PATH: bin },
      gssapiHeader: header,
      codeServerInstalled: false,
      platform: 'linux',
      log: (line) => lines.push(line),
      ...options,
    });
    return { ok, output: lines.join('\n') };
  }

  const aptCalls = (): string[] => (existsSync(aptLog) ? readFileSync(aptLog, 'utf8').trim().split('\n') : []);

  it('as root with apt-get, installs what is missing, says so, and finds it afterwards', () => {
    stubAptGet();
    assert.deepEqual(mod.findMissing({ env: { PATH: bin }, gssapiHeader: header, codeServerInstalled: false }), [
      'chromium',
      'gssapi',
      'make',
      'g++',
      'python3',
    ]);
    const { ok, output } = runSetup({ uid: 0 });
    assert.equal(ok, true, output);
    assert.match(output, /^Installing chromium, libkrb5-dev, make, g\+\+, python3 with apt-get/);
    assert.deepEqual(aptCalls(), [
      'update -qq',
      'install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 chromium libkrb5-dev make g++ python3',
    ]);
    assert.deepEqual(mod.findMissing({ env: { PATH: bin }, gssapiHeader: header, codeServerInstalled: false }), []);
  });

  it('asks only for what is missing: with code-server built, the build packages are not needed', () => {
    stubAptGet();
    const { ok } = runSetup({ uid: 0, codeServerInstalled: true });
    assert.equal(ok, true);
    assert.deepEqual(aptCalls(), [
      'update -qq',
      'install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 chromium',
    ]);
    assert.equal(existsSync(header), false, 'libkrb5-dev was not installed');
  });

  it('reports a failed apt-get and does not claim success', () => {
    writeFileSync(path.join(bin, 'apt-get'), '#!/bin/sh\nexit 100\n');
    chmodSync(path.join(bin, 'apt-get'), 0o755);
    const { ok, output } = runSetup({ uid: 0 });
    assert.equal(ok, false);
    assert.match(output, /apt-get update failed \(exit 100\)/);
  });

  it('not root, stops before installing anything with the exact sudo apt-get line', () => {
    stubAptGet();
    const { ok, output } = runSetup({ uid: 1000 });
    assert.equal(ok, false);
    assert.ok(output.split('\n').includes('  sudo apt-get install -y chromium libkrb5-dev make g++ python3'), output);
    assert.deepEqual(aptCalls(), [], 'nothing was run');
  });

  it('without apt-get, lists what is missing and how to point it at an existing Chromium', () => {
    const { ok, output } = runSetup({ uid: 0 });
    assert.equal(ok, false);
    assert.match(output, /Missing:\n {2}- Chromium .*\n {2}- the Kerberos headers/);
    assert.match(output, /CHROMIUM_PATH=\/path\/to\/chromium npm test/);
    assert.doesNotMatch(output, /sudo/);
  });

  it('takes CHROMIUM_PATH as the browser, and says so when it names nothing', () => {
    stubAptGet();
    const chrome = path.join(scratch, 'my-chrome');
    writeFileSync(chrome, '');
    assert.equal(runSetup({ uid: 0, env: { PATH: bin, CHROMIUM_PATH: chrome }, codeServerInstalled: true }).ok, true);
    const named = runSetup({ uid: 0, env: { PATH: bin, CHROMIUM_PATH: `${chrome}-gone` }, codeServerInstalled: true });
    assert.equal(named.ok, false);
    assert.match(named.output, /CHROMIUM_PATH names .*my-chrome-gone, which does not exist/);
    assert.deepEqual(aptCalls(), [], 'nothing installed on either path');
  });

  it('as a command, exits non-zero with the sudo line when the user is not root', () => {
    stubAptGet();
    // Run as an unprivileged user when the suite itself is root; otherwise the suite's own user is one.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    // A copy in the scratch folder, which that user can read wherever the checkout lives.
    for (const name of ['setup.mjs', 'codeServerInstall.mjs'])
      copyFileSync(path.join(repoRoot, 'scripts', name), path.join(scratch, name));
    const result = spawnSync(process.execPath, [path.join(scratch, 'setup.mjs'), '--tests'], {
      env: { PATH: bin },
      encoding: 'utf8',
      cwd: scratch,
      ...asUser,
    });
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /^ {2}sudo apt-get install -y chromium\b/m);
    assert.deepEqual(aptCalls(), []);
  });

  it('two set-ups at once take turns with apt-get: the second waits, says so, and finds everything installed', async () => {
    // An apt-get that, like dpkg, refuses to run beside another one, and whose install goes on only when released.
    const dpkgLock = path.join(scratch, 'dpkg-lock');
    const release = path.join(scratch, 'release');
    const script = `#!/bin/sh
PATH=/usr/bin:/bin
mkdir '${dpkgLock}' 2>/dev/null || { echo 'E: Could not get lock (held by another apt-get)' >&2; exit 100; }
echo "$*" >> '${aptLog}'
if [ "$1" = install ]; then
  : > '${scratch}'/installing.$$
  n=0
  while [ ! -e '${release}' ] && [ $n -lt 2400 ]; do sleep 0.05; n=$((n + 1)); done
  shift 6
  for arg in "$@"; do
    case "$arg" in
      -*) ;;
      libkrb5-dev) : > '${header}' ;;
      *) : > '${bin}'/"$arg" ;;
    esac
  done
fi
rmdir '${dpkgLock}'
`;
    writeFileSync(path.join(bin, 'apt-get'), script);
    chmodSync(path.join(bin, 'apt-get'), 0o755);
    const flock = spawnSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).stdout.trim();
    symlinkSync(flock, path.join(bin, 'flock'));
    const options = { env: { PATH: bin }, uid: 0, gssapiHeader: header, codeServerInstalled: false, platform: 'linux' };
    const program = `import { setup } from ${JSON.stringify(pathToFileURL(setupScript).href)};
process.exit(setup({ ...${JSON.stringify(options)}, aptLock: ${JSON.stringify(path.join(scratch, 'apt.lock'))} }) ? 0 : 1);`;
    const started: { said: () => string; exited: Promise<number | null>; pid: number | undefined; done: boolean }[] =
      [];
    const start = () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', program], { detached: true });
      let said = '';
      child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      const run = { said: () => said, exited, pid: child.pid, done: false };
      void exited.then(() => (run.done = true));
      started.push(run);
      return run;
    };
    const until = async (what: string, state: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!state()) {
        if (Date.now() > deadline)
          assert.fail(`${what} did not happen: ${started.map((run) => run.said()).join('\n---\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    try {
      const first = start();
      await until(
        'the first apt-get install',
        () => readdirSync(scratch).some((name) => name.startsWith('installing.')) || first.done,
      );
      const second = start();
      await until('the second set-up waiting or ending', () => /Waiting/.test(second.said()) || second.done);
      assert.equal(
        second.said(),
        'Waiting for another Countersign set-up to finish installing system packages with apt-get\n',
      );
      writeFileSync(release, '');
      assert.equal(await first.exited, 0, first.said());
      assert.equal(await second.exited, 0, second.said());
      assert.deepEqual(
        aptCalls(),
        [
          'update -qq',
          'install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 chromium libkrb5-dev make g++ python3',
        ],
        'apt-get ran once, for the first set-up',
      );
    } finally {
      writeFileSync(release, '');
      for (const run of started) {
        try {
          if (!run.done && run.pid !== undefined) process.kill(-run.pid, 'SIGKILL');
        } catch {
          // already ended
        }
        await run.exited;
      }
    }
  });
});
