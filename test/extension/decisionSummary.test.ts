/**
 * Runs in VS Code's extension host against the local sandbox: the simulated teammate's two requests (the transfer
 * to the registered sample token and the unlimited approve to an unregistered contract) read differently and by
 * what they do in the approve dialog, the inbox rows and their hover; the unlimited approval is flagged in each;
 * and the dialog's Open ABI… shows the registered ABI in a named read-only document, then brings the dialog back.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { SimulatedRequests } from '../../src/extension/commands/simulateRequests';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { ActivityElement } from '../../src/extension/views/treeElements';
import { eventually, run } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';

describe('what an approver reads at the moment of deciding', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });
  let requests: SimulatedRequests;

  async function rowOf(activityId: string): Promise<ActivityElement> {
    return eventually(
      `activity ${activityId} with its summary in the Activities view`,
      async () => {
        await api.inbox.check();
        api.views.activities.refresh();
        const row = (await api.views.activities.activities()).find((r) => r.id === activityId);
        return row && api.inbox.state?.summaries?.has(activityId) ? row : undefined;
      },
      15_000,
    );
  }

  /** The approve dialog of the activity as the user sees it; it is dismissed, so no vote is cast. */
  async function dialogOf(activity: Activity, answers: (string | undefined)[] = [undefined]): Promise<ModalRequest[]> {
    const shown: ModalRequest[] = [];
    const answering = api.services.modals.answerWith((request) => {
      shown.push(request);
      return answers.shift();
    });
    try {
      assert.equal(await run<Activity>(api, 'countersign.approveActivity', activity), undefined, 'no vote is cast');
    } finally {
      answering.dispose();
    }
    return shown;
  }

  it("simulates the teammate's two requests", async () => {
    await useSandboxProfile(api, 'Demo');
    const simulated = await run<SimulatedRequests>(api, 'countersign.simulateTeammateRequest', { switchProfile: true });
    assert.ok(simulated);
    requests = simulated;
  });

  it('the approve dialog names the function, the recipient and the amount of the transfer', async () => {
    const [dialog] = await dialogOf(requests.transfer);
    assert.ok(dialog);
    assert.match(dialog.detail, /What it does: transfer\(to 0xdbF03B…C8C6FB, amount 250 EXAMPLE\)/);
    assert.ok(dialog.detail.includes(`  to: ${RECIPIENT}`), dialog.detail);
    assert.match(dialog.detail, /amount: 250 EXAMPLE \(raw 250000000000000000000; 18 decimals from the built-in list/);
    assert.match(dialog.detail, /Chain: Sepolia \(11155111\)/);
    assert.doesNotMatch(dialog.detail, /⚠/);
    assert.deepEqual(dialog.buttons, ['Show Details…', 'Open ABI…', 'Approve']);
  });

  it('the approve dialog flags the unlimited approval first, read with the well-known signature', async () => {
    const [dialog] = await dialogOf(requests.unregistered);
    assert.ok(dialog);
    assert.match(
      dialog.detail.split('\n')[0] ?? '',
      /^⚠ Unlimited token approval: 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB/,
    );
    assert.match(
      dialog.detail,
      /⚠ Calls 0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb, which has no interface registered/,
    );
    assert.match(
      dialog.detail,
      /What it does: approve\(spender 0xdbF03B…C8C6FB, amount unlimited\) · not from your organization's interfaces/,
    );
    assert.deepEqual(dialog.buttons, ['Show Details…', 'Approve'], 'no registered ABI to open');
  });

  it('Open ABI… shows the registered ABI in a read-only document named after it, then the dialog again', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const shown = await dialogOf(requests.transfer, ['Open ABI…', undefined]);
    assert.equal(shown.length, 2, 'the dialog came back after the ABI was shown');
    assert.equal(shown[1]?.detail, shown[0]?.detail);
    const editor = await eventually('the ABI document', () => vscode.window.activeTextEditor);
    assert.equal(editor.document.uri.scheme, 'countersign-abi');
    assert.match(editor.document.uri.path, /Example token \(ERC-20\)\.abi\.json$/);
    assert.notEqual(editor.document.isUntitled, true);
    assert.match(editor.document.getText(), /"name": "transfer"/);
  });

  it('the rows awaiting your vote tell the two requests apart by what they do, and the approval row carries its risk', async () => {
    const transferRow = await rowOf(requests.transfer.id);
    const approveRow = await rowOf(requests.unregistered.id);
    const transferItem = await api.views.activities.provider.getTreeItem(transferRow);
    const approveItem = await api.views.activities.provider.getTreeItem(approveRow);
    const transferText = String(transferItem.description);
    const approveText = String(approveItem.description);
    assert.match(transferText, /^transfer\(to 0xdbF03B…C8C6FB, amount 250 EXAMPLE\) · /);
    assert.match(
      approveText,
      /^⚠ Unlimited approval, Unregistered contract · approve\(spender 0xdbF03B…C8C6FB, amount unlimited\)/,
    );
    assert.notEqual(transferItem.label, undefined);
    // The hover is markdown with the teammate's text escaped: read without the escapes.
    const hover = (item: vscode.TreeItem) =>
      (item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip)).replace(/\\/g, '');
    assert.match(hover(approveItem), /\$\(warning\) Unlimited token approval/);
    assert.match(hover(transferItem), /What it does: transfer\(to 0xdbF03B…C8C6FB, amount 250 EXAMPLE\)/);
    assert.doesNotMatch(hover(transferItem), /\$\(warning\)/);
    assert.match(String(approveItem.accessibilityInformation?.label), /Unlimited token approval/);
  });
});
