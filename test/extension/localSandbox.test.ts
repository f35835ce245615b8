/**
 * The local sandbox's life across windows and restarts, in the extension host: a "Local sandbox" profile brings
 * its sandbox up by itself (on the port it had), Stop keeps it down in this window, and a sandbox that another
 * process runs on the same data (another VS Code window) is used rather than fought over. The other window is a
 * real second process: the sandbox's own command line, started on the extension's data directory.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Activity } from '../../src/api';
import { CommandIds } from '../../src/extension/commandIds';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { LocalSandbox } from '../../src/extension/localSandbox';
import type { ReviewModel } from '../../src/extension/review/reviewModel';
import type { SandboxProcess } from '../../src/extension/sandboxProcess';
import type { SandboxOrganization } from '../../src/sandbox';
import { LOCK_FILE_NAME } from '../../src/sandbox/storage/dataDirLock';
import {
  calmState,
  errorNodes,
  eventually,
  extensionApi,
  failureOf,
  logText,
  noteSecret,
  organizationNamed,
  run,
} from './hostSupport';

interface StartResult {
  readonly baseUrl: string;
  readonly profileId: string;
  readonly shared: boolean;
}

/** Runs a Node script as a separate process (the extension host may be Electron: it then runs as Node). */
function startNode(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, args, {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The URL the sandbox process says it listens on. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox process did not start in time: ${err}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox process exited (${String(code)}): ${err}`));
    });
  });
}

/** A message only the sandbox's code holds (its answer to a bad page cursor). */
const SANDBOX_ONLY = 'is not an activity of this listing';

/** Read through a call, so that an assertion on it does not narrow the next read. */
const runningOf = (sandbox: LocalSandbox): SandboxProcess | undefined => sandbox.running;

/** Ends a process this suite started, by its PID, and waits until it is gone. */
async function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

describe('local sandbox across windows and restarts', function () {
  this.timeout(60_000);
  let api: CountersignExtensionApi;
  let dataDir: string;
  let organizations: readonly SandboxOrganization[];

  const organization = (name: string): SandboxOrganization => organizationNamed(organizations, name);

  /** Whoami through the active profile's session, as every command and view asks. */
  async function whoamiHere(organizationId: string): Promise<string> {
    const session = await api.services.requireSession();
    return (await session.client.whoami({ organizationId })).userId;
  }

  before(async () => {
    api = await extensionApi();
    await run(api, CommandIds.startLocalSandbox);
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox, 'the local sandbox runs in this window');
    organizations = sandbox.credentials.organizations;
    for (const org of organizations)
      for (const user of org.users) for (const key of user.apiKeys) noteSecret(key.privateKey);
    dataDir = path.join(api.services.context.globalStorageUri.fsPath, 'sandbox');
  });

  after(async () => {
    // The suites after this one expect this window's sandbox and the Demo profile.
    if (api) await run(api, CommandIds.startLocalSandbox);
    if (api) await run(api, CommandIds.switchProfile, 'local-sandbox');
  });

  it('leaves a stopped sandbox down in this window, and a later window brings it up for its profile on the same port', async () => {
    const before = api.localSandbox.running;
    assert.ok(before);
    const team = organization('Team');
    const secondUser = team.users[1];
    assert.ok(secondUser);
    const teamProfile = api.services.profiles
      .list()
      .find((p) => p.localSandbox && p.id.endsWith(`.${secondUser.userId}`));
    assert.ok(teamProfile, 'a profile for the second Team user');
    await run(api, CommandIds.switchProfile, teamProfile.id);

    assert.equal(await run(api, CommandIds.stopLocalSandbox), true);
    assert.equal(api.localSandbox.running, undefined);
    // Stopped here, it stays down: the views say so and how to start it, rather than starting it behind the user's back.
    // One calm state per view, not a red error with a Retry that cannot help.
    const state = await eventually(
      'the Activities view to say the sandbox is stopped',
      async () => calmState((await api.views.activities.provider.getChildren()) ?? []),
      15_000,
    );
    assert.equal(state.label, 'The local sandbox is stopped');
    assert.match(state.tooltip ?? '', /local sandbox is not running.*Start Local Sandbox/);
    const rows = (await api.views.activities.provider.getChildren()) ?? [];
    assert.equal(errorNodes(rows), undefined, 'no red error, no Retry');
    const organizationRows = (await api.views.organization.provider.getChildren()) ?? [];
    assert.equal(
      calmState(organizationRows)?.label,
      'The local sandbox is stopped',
      'the Organization view says it once',
    );
    assert.equal(organizationRows.length, 2, 'the state and Start Local Sandbox, no groups');
    const startRow = rows.find(
      (row) => row.kind === 'message' && row.command?.command === CommandIds.startLocalSandbox,
    );
    assert.ok(startRow, 'the state offers Start Local Sandbox');
    assert.equal(api.localSandbox.running, undefined, 'loading the views did not start it');

    // A window opened later (the extension activated afresh) has stopped nothing: the active profile brings it up.
    const later = new LocalSandbox(api.services);
    try {
      await later.prepare({
        id: 'elsewhere',
        label: 'Not a sandbox profile',
        baseUrl: 'https://api.example.com',
        organizationId: team.organizationId,
      });
      assert.equal(runningOf(later), undefined, 'a profile of a real service starts nothing');
      const active = api.services.profiles.active();
      assert.ok(active);
      await later.prepare(active);
      assert.equal(runningOf(later)?.baseUrl, before.baseUrl, 'on the port it had, so every profile stays right');
      assert.equal(
        api.services.profiles.active()?.id,
        teamProfile.id,
        'the active profile stays the one the user chose',
      );
      assert.equal(await whoamiHere(team.organizationId), secondUser.userId);
    } finally {
      await later.stop();
    }

    const restarted = await run<StartResult>(api, CommandIds.startLocalSandbox);
    assert.equal(restarted?.shared, false);
    assert.equal(restarted?.baseUrl, before.baseUrl);
    assert.equal(api.services.profiles.active()?.id, restarted?.profileId);
    assert.equal(restarted?.profileId, teamProfile.id, 'Start keeps the local sandbox profile that was active');
    await run(api, CommandIds.switchProfile, 'local-sandbox');
  });

  it('uses the sandbox another process runs on the same data instead of a second one, and Stop leaves that one running', async () => {
    assert.equal(await run(api, CommandIds.stopLocalSandbox), true);
    const otherWindow = startNode([
      path.join(api.services.context.extensionPath, 'bin', 'countersign-sandbox.js'),
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ]);
    let otherUrl: string;
    try {
      otherUrl = await listeningUrl(otherWindow);
      const started = await run<StartResult>(api, CommandIds.startLocalSandbox);
      assert.equal(started?.shared, true, "Start reports the sandbox as another window's");
      assert.equal(started?.baseUrl, otherUrl);
      assert.equal(api.localSandbox.running, undefined, 'no second sandbox here');
      assert.equal(api.localSandbox.shared?.ownerPid, otherWindow.pid);
      assert.equal(api.services.profiles.active()?.baseUrl, otherUrl);
      const demo = organization('Demo');
      assert.equal(await whoamiHere(demo.organizationId), demo.users[0]?.userId);

      assert.equal(
        await run(api, CommandIds.stopLocalSandbox),
        false,
        "Stop here does not stop another window's sandbox",
      );
      assert.equal(api.localSandbox.shared, undefined);
      assert.equal(otherWindow.exitCode, null, 'the other sandbox still runs');
      assert.equal(await whoamiHere(demo.organizationId), demo.users[0]?.userId, 'and still answers');
    } finally {
      await end(otherWindow);
    }

    // That window gone, Start runs the sandbox here again, on the port the other one had.
    const mine = await run<StartResult>(api, CommandIds.startLocalSandbox);
    assert.equal(mine?.shared, false);
    assert.equal(mine?.baseUrl, otherUrl);
    assert.ok(api.localSandbox.running);
  });

  it('names the process holding the data when its sandbox does not answer, and says what to do', async () => {
    const lastUrl = api.localSandbox.running?.baseUrl;
    assert.ok(lastUrl);
    assert.equal(await run(api, CommandIds.stopLocalSandbox), true);
    // A live process that holds the lock but serves nothing (a window that hangs, say).
    const holder = startNode(['-e', 'setTimeout(() => {}, 60000)']);
    try {
      assert.ok(holder.pid);
      writeFileSync(path.join(dataDir, LOCK_FILE_NAME), String(holder.pid));
      const failure = await failureOf(api, CommandIds.startLocalSandbox);
      assert.match(failure.message, new RegExp(`PID ${holder.pid}`));
      assert.ok(failure.message.includes(`does not answer at ${lastUrl}`), failure.message);
      assert.match(failure.message, /Stop Local Sandbox" in that window or close it/);
      assert.equal(api.localSandbox.running, undefined);
      assert.equal(api.localSandbox.shared, undefined);
    } finally {
      await end(holder);
    }
    // Its holder gone, the lock is stale and Start takes it over.
    const mine = await run<StartResult>(api, CommandIds.startLocalSandbox);
    assert.equal(mine?.shared, false);
    assert.ok(api.localSandbox.running);
  });

  it('takes over a lock whose PID now belongs to another program (started at another time), as after a restart', async () => {
    assert.equal(await run(api, CommandIds.stopLocalSandbox), true);
    // A live process under the lock's PID, but not the one that wrote it: the lock says it started at another time.
    const stranger = startNode(['-e', 'setTimeout(() => {}, 60000)']);
    try {
      assert.ok(stranger.pid);
      writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${stranger.pid}\n1`);
      const mine = await run<StartResult>(api, CommandIds.startLocalSandbox);
      assert.equal(mine?.shared, false, 'the sandbox runs here, not "in another window"');
      assert.ok(api.localSandbox.running);
      assert.equal(api.localSandbox.shared, undefined);
    } finally {
      await end(stranger);
    }
  });

  it('runs the sandbox in a process of its own, with none of its code in the extension bundle', () => {
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox);
    assert.notEqual(sandbox.pid, process.pid);
    process.kill(sandbox.pid, 0); // throws when there is no such process
    const dist = path.join(api.services.context.extensionPath, 'dist');
    const chunks = readdirSync(path.join(dist, 'chunks')).map((name) => path.join('chunks', name));
    const bundle = ['extension.mjs', ...chunks].map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
    assert.ok(
      readFileSync(path.join(api.services.context.extensionPath, 'dist', 'sandbox.js'), 'utf8').includes(SANDBOX_ONLY),
    );
    assert.ok(!bundle.includes(SANDBOX_ONLY), 'the extension bundle holds the sandbox');
  });

  it("shows its sandbox's crash as one state in the views, offers Start, and does not restart it behind the user's back", async () => {
    const crashed = api.localSandbox.running;
    assert.ok(crashed);
    // A review page open at the time of the crash.
    const tagged = await run<Activity>(api, CommandIds.createPrivateKeyTag, {
      name: `Before the crash ${Date.now()}`,
      privateKeyIds: [],
    });
    assert.ok(tagged);
    assert.ok(await run<ReviewModel>(api, CommandIds.reviewActivity, tagged));
    const page = api.views.reviews.page(tagged.id);
    assert.ok(page);
    process.kill(crashed.pid, 'SIGKILL');
    const nodes = await eventually(
      'the Activities view to show the crash',
      async () => {
        const found = errorNodes((await api.views.activities.provider.getChildren()) ?? []);
        return found && /stopped unexpectedly/.test(String(found.error.tooltip)) ? found : undefined;
      },
      15_000,
    );
    assert.match(String(nodes.error.tooltip), /stopped unexpectedly \(ended by SIGKILL\).*Start Local Sandbox/s);
    const rows = (await api.views.activities.provider.getChildren()) ?? [];
    assert.ok(rows.some((row) => row.kind === 'message' && row.command?.command === CommandIds.startLocalSandbox));
    assert.equal(api.localSandbox.running, undefined);
    // The Organization view shows the same state and the same fix, at its top: no bare groups.
    const organizationView = api.views.organization.provider;
    const organizationRows = await eventually(
      'the Organization view to show the crash',
      async () => {
        const roots = (await organizationView.getChildren()) ?? [];
        const found = errorNodes(roots);
        return found && /stopped unexpectedly/.test(String(found.error.tooltip)) ? roots : undefined;
      },
      15_000,
    );
    assert.ok(organizationRows.every((row) => row.kind === 'message'));
    assert.ok(
      organizationRows.some((row) => row.kind === 'message' && row.command?.command === CommandIds.startLocalSandbox),
    );
    // The log says what the sandbox wrote last, not an empty lastOutput.
    const logged = await eventually('the crash in the log', () => {
      const line = logText(api)
        .split('\n')
        .find((l) => l.includes('The local sandbox stopped unexpectedly'));
      return line;
    });
    assert.match(logged, /lastOutput="[^"]+"/, logged);
    assert.equal(api.localSandbox.running, undefined, 'loading the views did not restart it');

    // The review page keeps what it showed, says the sandbox stopped, and offers Start rather than a Retry.
    await page.refresh();
    const blocked = page.view;
    assert.ok(blocked?.kind === 'review', JSON.stringify(blocked));
    assert.match(blocked.note?.text ?? '', /local sandbox is not running/);
    assert.deepEqual(
      blocked.model.actions.map((a) => [a.id, a.label]),
      [['startLocalSandbox', 'Start Local Sandbox']],
    );

    const restarted = await run<StartResult>(api, CommandIds.startLocalSandbox);
    assert.equal(restarted?.shared, false);
    assert.notEqual(runningOf(api.localSandbox)?.pid, crashed.pid);
    await page.refresh();
    assert.equal(page.view?.kind === 'review' ? page.view.note : 'not a review', undefined, 'the page reads again');
    const demo = organization('Demo');
    assert.equal(await whoamiHere(demo.organizationId), demo.users[0]?.userId);
  });
});
