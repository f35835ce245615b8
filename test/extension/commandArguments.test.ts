/**
 * Every contributed command, called the ways VS Code calls commands: no argument, `(node, node[])` from a tree,
 * `(Uri, Uri[])` from the explorer, an id string, and rows it does not take (another view's row, a group, a
 * field), which it refuses with what was wrong. Every view-title button, run with a row of each view selected,
 * acts as the button says instead of on the row. A malformed argument from another caller is refused with a clear
 * message before anything runs, and each keybinding's command runs on the Activities view's selected row, which
 * stays selected when a vote moves it.
 */
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SimulatedRequests } from '../../src/extension/commands/simulateRequests';
import { readCall } from '../../src/extension/commands/commandArguments';
import { commandDescriptors } from '../../src/extension/commands/commandTable';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ActivitiesElement, OrganizationElement } from '../../src/extension/views/treeElements';
import { fixturePath, repoRoot } from '../support/fixtures';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import { answerPrompt, eventually, extensionApi, failureOf, run } from './hostSupport';
import { goAhead, withModalAnswers } from './sandboxProfiles';

interface Manifest {
  contributes: {
    commands: Array<{ command: string }>;
    menus: Record<string, Array<{ command: string; when?: string }>>;
    keybindings: Array<{ command: string; key: string; when: string; args?: unknown }>;
  };
}

/** The commands a menu shows, for the menus' `when` clauses that match `pattern`. */
function menuCommands(menu: string, pattern: RegExp): Set<string> {
  return new Set(
    (manifest.contributes.menus[menu] ?? []).filter((m) => pattern.test(m.when ?? '')).map((m) => m.command),
  );
}

/**
 * Selects the activity's row where it settles: under "Awaiting your vote", once the inbox has looked. (Revealed
 * before that look, the row shows at the top of the view and moves into the group when the look ends.)
 */
async function selectAwaitingRow(api: CountersignExtensionApi, activityId: string): Promise<ActivitiesElement> {
  const view = api.views.activities;
  view.refresh();
  let last = '';
  try {
    return await eventually('the row, selected under "Awaiting your vote"', async () => {
      const awaiting = api.inbox.state?.awaiting.some((activity) => activity.id === activityId);
      if (!awaiting) {
        last = `the inbox of ${api.inbox.state?.organizationId} awaiting ${api.inbox.state?.awaiting.map((a) => a.id).join(', ')}`;
        // The store polls only while the window has focus, which a test window may not have: read as Refresh does.
        await api.inbox.check();
        return undefined;
      }
      await view.reveal(activityId);
      const [selected] = view.treeView.selection;
      const parent = selected ? await view.provider.getParent?.(selected) : undefined;
      last = `selected ${selected?.kind}:${selected?.id} parent ${parent?.kind}:${parent?.id} visible ${view.treeView.visible}`;
      if (selected?.kind !== 'activity' || selected.id !== activityId) return undefined;
      return parent?.kind === 'inboxGroup' ? selected : undefined;
    });
  } catch (error) {
    // What the view showed last says which step never came.
    throw new Error(`${String(error)}; last seen: ${last}`, { cause: error });
  }
}

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const DEMO_PROFILE = 'local-sandbox';

describe('command arguments', function () {
  this.timeout(120_000);
  let api: CountersignExtensionApi;
  let activityRow: ActivitiesElement;
  let organizationRows: OrganizationElement[];

  before(async () => {
    api = await extensionApi();
    await run(api, 'countersign.startLocalSandbox');
    await run(api, 'countersign.switchProfile', DEMO_PROFILE);
    // An activity to select: a tag created on Demo (it completes at once).
    await run(api, 'countersign.createPrivateKeyTag', { name: `arguments-${Date.now()}`, privateKeyIds: [] });
    // An interface row to select: one registered here, whatever the suites before this one left on Demo.
    await run(api, 'countersign.createSmartContractInterface', {
      uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')).toString(),
      address: `0x${randomBytes(20).toString('hex')}`,
      label: `arguments-${Date.now()}`,
    });
    api.views.activities.refresh();
    activityRow = await eventually('an activity row', async () => (await api.views.activities.activities())[0]);
    api.views.organization.refresh();
    const groups = await eventually('the organization groups', async () => {
      const rows = (await api.views.organization.provider.getChildren()) ?? [];
      return rows.length > 0 ? rows : undefined;
    });
    const children = await Promise.all(
      groups.map(async (g) => (await api.views.organization.provider.getChildren(g)) ?? []),
    );
    organizationRows = [...groups, ...children.flat()];
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads every contributed command through its schema: each call shape its menus make is taken, others refused', () => {
    const descriptors = commandDescriptors(api.services, api.views, api.localSandbox);
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(descriptors.map((d) => d.id).sort(), contributed, 'one descriptor per contributed command');
    const uri = vscode.Uri.file(fixturePath('abi', 'Counter.abi.json'));
    const rowOf = (kind: string) => organizationRows.find((row) => row.kind === kind);
    const group = rowOf('group');
    const key = rowOf('privateKey');
    const sci = rowOf('smartContractInterface');
    assert.ok(group && key && sci, 'the organization view shows a group, a private key and an interface');
    // What each command must take, from the menus that show it.
    const onActivity = menuCommands('view/item/context', /\\bactivity\\b|canApprove|canReject/);
    const onKey = menuCommands('view/item/context', /\\bprivateKey\\b/);
    const onInterface = menuCommands('view/item/context', /\\bsmartContractInterface\\b/);
    const onFile = new Set([
      ...menuCommands('explorer/context', /./),
      ...menuCommands('editor/context', /./),
      ...menuCommands('editor/title/context', /./),
    ]);
    const onTitle = menuCommands('view/title', /./);
    const hidden = menuCommands('commandPalette', /^false$/);
    assert.ok(onActivity.has('countersign.approveActivity') && onFile.has('countersign.createSmartContractInterface'));
    for (const descriptor of descriptors) {
      const read = (...args: unknown[]) => readCall(descriptor.args, args);
      const label = descriptor.id;
      assert.equal(descriptor.fromViewTitle === true, onTitle.has(label), `${label}: shown in a view's title`);
      // The palette calls without arguments: every command it shows takes that call.
      if (!hidden.has(label)) assert.ok(read().ok, `${label}: no argument`);
      const takes = (row: unknown, expected: boolean, what: string) => {
        const call = read(row, [row]);
        assert.equal(call.ok, expected, `${label}: ${what}`);
        if (!call.ok) assert.equal(call.refusal.reason, 'row', `${label} says which row it refused`);
      };
      takes(activityRow, onActivity.has(label) || label === 'countersign.revealActivity', 'an activity row');
      takes(key, onKey.has(label), 'a private key row');
      takes(sci, onInterface.has(label), 'an interface row');
      // Rows that no command acts on, and values that are not arguments at all.
      takes(group, false, 'a group row');
      for (const refused of [[42], [[activityRow]], [null]]) {
        assert.equal(read(...refused).ok, false, `${label}: ${JSON.stringify(refused)}`);
      }
      if (onFile.has(label)) assert.ok(read(uri, [uri]).ok, `${label}: a file`);
    }
  });

  it('refuses a malformed argument from another caller with a message that names it, and does nothing', async () => {
    const malformedName = await failureOf(api, 'countersign.createPrivateKeyTag', { name: 7, privateKeyIds: [] });
    assert.match(malformedName.message, /countersign\.createPrivateKeyTag was given a malformed "name" argument/);
    assert.doesNotMatch(malformedName.message, /could not create/, 'the refusal says what was wrong, not only that');
    const malformedSigner = await failureOf(api, 'countersign.approveActivity', activityRow, { signer: 'ledger' });
    assert.match(malformedSigner.message, /malformed "signer" argument/);
    const wrongRow = await failureOf(api, 'countersign.approveActivity', organizationRows[0]);
    assert.match(wrongRow.message, /does not act on a row of kind "group"/);
    const number = await failureOf(api, 'countersign.reviewActivity', 42);
    assert.match(number.message, /does not take an argument of type number/);
    const missing = await failureOf(api, 'countersign.copyFingerprint');
    assert.match(missing.message, /needs an argument/);
    // Refused before the handler ran: no tag named "7" was created.
    const { client, profile } = await api.services.requireSession();
    const tags = await client.listPrivateKeyTags({ organizationId: profile.organizationId });
    assert.ok(!tags.some((tag) => tag.tagName === '7'));
  });

  it('runs every view-title button with a row of each view selected as the button says, not on the row', async () => {
    // Create Smart Contract Interface reads the active editor's ABI, then asks for the address (closed here).
    await vscode.window.showTextDocument(vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')));
    const titleCommands = [...new Set(manifest.contributes.menus['view/title']?.map((m) => m.command) ?? [])].filter(
      // Stop would stop the sandbox the other suites use; its button takes no argument either way.
      (command) => command !== 'countersign.stopLocalSandbox',
    );
    assert.ok(
      titleCommands.includes('countersign.switchProfile') && titleCommands.includes('countersign.checkProfile'),
    );
    // One row of each kind the views show.
    const selectedRows = [activityRow, ...organizationRows].filter(
      (row, index, all) => all.findIndex((other) => other.kind === row.kind) === index,
    );
    for (const command of titleCommands) {
      for (const row of selectedRows) {
        await answerPrompt(api, 'workbench.action.closeQuickOpen', command, row);
        assert.equal(api.services.profiles.active()?.id, DEMO_PROFILE, `${command} with a ${row.kind} row`);
      }
    }
  });

  it("runs each keybinding's command on the Activities view's selected row, under the row's own token", async () => {
    const keybindings = manifest.contributes.keybindings;
    assert.deepEqual(keybindings.map((k) => k.command).sort(), [
      'countersign.approveActivity',
      'countersign.rejectActivity',
      'countersign.reviewActivity',
    ]);
    // Each key asks for the token the row's menu asks for.
    for (const binding of keybindings) {
      const menu = manifest.contributes.menus['view/item/context']?.find((m) => m.command === binding.command);
      const token = /viewItem =~ (\/[^/]+\/)/.exec(menu?.when ?? '')?.[1];
      assert.ok(token, `${binding.command} has a row menu`);
      assert.equal(
        binding.when,
        `focusedView == countersign.activities && countersign.activitySelection =~ ${token}`,
        binding.command,
      );
    }
    // A pending activity of Team that waits for this user's vote, selected in the view.
    const simulated = await run<SimulatedRequests>(api, 'countersign.simulateTeammateRequest', { switchProfile: true });
    assert.ok(simulated);
    const pending = simulated.transfer;
    await selectAwaitingRow(api, pending.id);
    const shown: ModalRequest[] = [];
    const answering = api.services.modals.answerWith((request) => {
      shown.push(request);
      return undefined;
    });
    try {
      for (const binding of keybindings) {
        shown.length = 0;
        const result = await run(api, binding.command, binding.args);
        if (binding.command === 'countersign.reviewActivity') {
          assert.equal((result as { activityId?: string } | undefined)?.activityId, pending.id, 'reviewed the row');
        } else {
          // The vote's dialog is about the selected row's activity; dismissed, nothing is cast.
          assert.equal(result, undefined);
          assert.equal(shown.length, 1, `${binding.command} showed its dialog`);
          assert.ok(shown[0]?.detail?.includes(pending.fingerprint), `${binding.command} on the selected row`);
        }
      }
    } finally {
      answering.dispose();
    }
    await run(api, 'countersign.switchProfile', DEMO_PROFILE);
  });

  it('keeps the row selected when a vote by key moves it out of "Awaiting your vote", so the next key acts on it', async () => {
    const simulated = await run<SimulatedRequests>(api, 'countersign.simulateTeammateRequest', { switchProfile: true });
    assert.ok(simulated);
    const pending = simulated.transfer;
    await selectAwaitingRow(api, pending.id);
    const view = api.views.activities;
    const selections: string[][] = [];
    const watching = view.treeView.onDidChangeSelection(({ selection }) =>
      selections.push(selection.map((row) => row.id)),
    );
    try {
      const bySelection = { selection: 'countersign.activities' };
      await withModalAnswers(api, goAhead, 'countersign.approveActivity', bySelection);
      // The vote completed it: its row leaves the group for the list below, where VS Code drops its selection
      // (the row is another node there); the view selects it again.
      await eventually('the completed row, selected again in the list', async () => {
        if (api.inbox.state?.awaiting.some((activity) => activity.id === pending.id)) return undefined;
        if (!selections.some((ids) => ids.length === 0)) return undefined;
        const [selected] = view.treeView.selection;
        if (selected?.kind !== 'activity' || selected.id !== pending.id) return undefined;
        return (await view.provider.getParent?.(selected)) === undefined ? selected : undefined;
      });
      const reviewed = await run<{ activityId?: string }>(api, 'countersign.reviewActivity', bySelection);
      assert.equal(reviewed?.activityId, pending.id, 'the next key reviews the same row');
    } finally {
      watching.dispose();
    }
    await run(api, 'countersign.switchProfile', DEMO_PROFILE);
  });
});
