/**
 * Every contributed command, called the ways VS Code calls commands: no argument, `(node, node[])` from a tree,
 * `(Uri, Uri[])` from the explorer, an id string, and rows it does not take (another view's row, a group, a
 * field), which it refuses and then runs as without an argument. And every view-title button, run with a row of
 * each view selected, acts as the button says instead of on the row.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { commandArguments } from '../../src/extension/commands/commandArguments';
import { commandDescriptors } from '../../src/extension/commands/commandTable';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ActivitiesElement, OrganizationElement } from '../../src/extension/views/treeElements';
import { fixturePath, repoRoot } from '../support/fixtures';
import { answerPrompt, eventually, extensionApi, run } from './hostSupport';

interface Manifest {
  contributes: {
    commands: Array<{ command: string }>;
    menus: Record<string, Array<{ command: string; when?: string }>>;
  };
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

  it('reads every contributed command through its schema: each call shape is taken or refused by kind', () => {
    const descriptors = commandDescriptors(api.services, api.views, api.localSandbox);
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(descriptors.map((d) => d.id).sort(), contributed, 'one descriptor per contributed command');
    const uri = vscode.Uri.file(fixturePath('abi', 'Counter.abi.json'));
    const rowOf = (kind: string) => organizationRows.find((row) => row.kind === kind);
    const group = rowOf('group');
    const key = rowOf('privateKey');
    const sci = rowOf('smartContractInterface');
    assert.ok(group && key, 'the organization view shows a group and a private key');
    for (const descriptor of descriptors) {
      const parse = (...args: unknown[]) => commandArguments(descriptor.accepts).parse(args);
      const takes = (kind: string) => descriptor.accepts.some((k) => k === kind);
      const label = descriptor.id;
      assert.deepEqual(parse(), { args: [] }, `${label}: no argument`);
      // A tree's menus: the clicked row and the selection.
      const fromActivities = parse(activityRow, [activityRow]);
      assert.deepEqual(fromActivities.args, takes('activity') ? [activityRow] : [], `${label}: an activity row`);
      assert.equal(fromActivities.refused !== undefined, !takes('activity'), `${label}: an activity row`);
      assert.deepEqual(parse(key, [key]).args, takes('privateKey') ? [key] : [], `${label}: a private key row`);
      if (sci) {
        const expected = takes('smartContractInterface') ? [sci] : [];
        assert.deepEqual(parse(sci, [sci]).args, expected, `${label}: an interface row`);
      }
      // Rows that no command takes: a group, and anything that is not an argument at all.
      for (const refused of [[group, [group]], [42], [[activityRow]], [null]]) {
        const call = parse(...refused);
        assert.deepEqual(call.args, [], `${label}: ${JSON.stringify(call.refused)}`);
        assert.ok(call.refused, `${label} says what it refused`);
      }
      // The explorer and editor menus.
      assert.deepEqual(parse(uri, [uri]).args, takes('uri') ? [uri] : [], `${label}: a file`);
      // Another command: an id string, and an options object followed by nothing.
      assert.deepEqual(parse('some-id').args, takes('id') ? ['some-id'] : [], `${label}: an id`);
      assert.deepEqual(parse({ given: true }).args, takes('options') ? [{ given: true }] : [], label);
    }
  });

  it('refuses an options object with a malformed field by name, for every command that declares its options', () => {
    const descriptors = commandDescriptors(api.services, api.views, api.localSandbox);
    const declaring = descriptors.filter((d) => d.options !== undefined);
    assert.ok(declaring.length >= 10, `the commands that take options declare them (${declaring.length})`);
    for (const descriptor of declaring) {
      const parse = (...args: unknown[]) => commandArguments(descriptor.accepts, descriptor.options).parse(args);
      for (const [field, kind] of Object.entries(descriptor.options ?? {})) {
        const call = parse({ [field]: kind === 'boolean' ? 'yes' : 42 });
        assert.deepEqual(call.args, [], `${descriptor.id}: ${field}`);
        assert.match(call.refused ?? '', new RegExp(`"${field}"`), `${descriptor.id} names ${field}`);
      }
      assert.deepEqual(parse({ given: true }).args, [{ given: true }], descriptor.id);
    }
  });

  it('runs a command given a malformed options object as without it: it asks', async () => {
    const created = await answerPrompt(api, 'workbench.action.closeQuickOpen', 'countersign.createPrivateKeyTag', {
      name: 7,
      privateKeyIds: [],
    });
    assert.equal(created, undefined, 'the name was asked for (and the box closed): nothing was created');
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
});
