/**
 * The set-up step of `npm test` and `npm start` (scripts/setup.mjs), on a machine where packages are missing,
 * without removing any: the places it probes (PATH, CHROMIUM_PATH, the Kerberos header) point into a scratch
 * folder, and apt-get there is a stub that records its arguments and "installs" by creating the files.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
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
      'install -y -qq --no-install-recommends chromium libkrb5-dev make g++ python3',
    ]);
    assert.deepEqual(mod.findMissing({ env: { PATH: bin }, gssapiHeader: header, codeServerInstalled: false }), []);
  });

  it('asks only for what is missing: with code-server built, the build packages are not needed', () => {
    stubAptGet();
    const { ok } = runSetup({ uid: 0, codeServerInstalled: true });
    assert.equal(ok, true);
    assert.deepEqual(aptCalls(), ['update -qq', 'install -y -qq --no-install-recommends chromium']);
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
    for (const name of ['setup.mjs', 'codeServer.mjs', 'chromium.mjs'])
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
});
