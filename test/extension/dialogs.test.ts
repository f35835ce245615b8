/**
 * Runs in VS Code's extension host against the local sandbox: what the approve and reject dialogs show and which
 * button Enter would choose (never an irreversible deletion), and the contract address box that refuses a failed checksum.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Activity } from '../../src/api';
import { checkEthereumAddress, toChecksumAddress } from '../../src/api/remote';
import { adviseAddress } from '../../src/extension/ui/operationInputs';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { addressValidation } from '../../src/extension/ui/prompts';
import { fixturePath, readFixture } from '../support/fixtures';
import { eventually, organizationNamed, run } from './hostSupport';
import { REGISTERED_ABI_SCHEME } from '../../src/extension/abi/registeredAbiUri';
import {
  runAnswering,
  sandboxOrganizations,
  teamActivityWaiting,
  useSandboxProfile,
  withModalAnswers,
  sandboxSuiteHooks,
} from './sandboxProfiles';

const ADDRESS = toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');

describe('dialogs that default to the harmless choice', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  it('the address box refuses a mixed-case address whose EIP-55 checksum fails, and accepts one case as checksummed', () => {
    const typo = ADDRESS.replace(/[a-f]/, (c) => c.toUpperCase());
    const refused = addressValidation(adviseAddress(typo, checkEthereumAddress));
    assert.equal(refused?.severity, vscode.InputBoxValidationSeverity.Error, 'a failed checksum blocks Enter');
    assert.match(refused?.message ?? '', /checksum/);
    for (const oneCase of [ADDRESS.toLowerCase(), `0x${ADDRESS.slice(2).toUpperCase()}`]) {
      const accepted = addressValidation(adviseAddress(oneCase, checkEthereumAddress));
      assert.notEqual(accepted?.severity, vscode.InputBoxValidationSeverity.Error);
      assert.ok(accepted?.message.includes(ADDRESS), 'shows the checksummed form it will register');
    }
  });

  for (const vote of ['approve', 'reject'] as const) {
    it(`the ${vote} dialog offers Show Details… first (Enter) and ${vote === 'approve' ? 'Approve' : 'Reject'} second; Show Details opens its review page and casts no vote`, async () => {
      const waiting = await teamActivityWaiting(api, `Dialog ${vote} ${Date.now()}`);
      await useSandboxProfile(api, 'Team', 1);
      const command = vote === 'approve' ? 'countersign.approveActivity' : 'countersign.rejectActivity';
      const { result, shown } = await withModalAnswers<Activity>(api, (r) => r.buttons[0], command, {
        activityId: waiting.id,
      });
      assert.equal(result, undefined, 'no vote was cast');
      assert.equal(shown.length, 1);
      assert.deepEqual(shown[0]?.buttons, ['Show Details…', vote === 'approve' ? 'Approve' : 'Reject']);
      const page = await eventually('the review page to open', () => api.views.reviews.page(waiting.id));
      assert.equal(page.model?.activityId, waiting.id);
      const { client } = await api.services.requireSession();
      const still = await client.getActivity({ organizationId: waiting.organizationId, activityId: waiting.id });
      assert.equal(still.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');

      const second = await withModalAnswers<Activity>(api, (r) => r.buttons[1], command, { activityId: waiting.id });
      assert.equal(second.result?.status, 'ACTIVITY_STATUS_COMPLETED', 'the vote itself completes');
    });
  }

  describe('irreversible deletions: Enter chooses the harmless button', () => {
    it('Delete smart contract interface: Enter opens its ABI and deletes nothing; Delete is the second button', async () => {
      await useSandboxProfile(api, 'Demo');
      const label = `Kept on Enter ${Date.now()}`;
      const created = await run<Activity>(api, 'countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
        address: ADDRESS,
        label,
      });
      const id = (created?.result['createSmartContractInterfaceResult'] as { smartContractInterfaceId?: string })
        ?.smartContractInterfaceId;
      assert.ok(id, 'the interface was created');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const { result, shown } = await withModalAnswers<Activity>(
        api,
        (r) => r.buttons[0],
        'countersign.deleteSmartContractInterface',
        id,
      );
      assert.equal(result, undefined, 'nothing was deleted');
      assert.deepEqual(
        shown.map((r) => [r.message, r.buttons]),
        [[`Delete smart contract interface "${label}"?`, ['Open ABI', 'Delete']]],
      );
      const editor = await eventually('the ABI to open', () =>
        vscode.window.activeTextEditor?.document.uri.scheme === REGISTERED_ABI_SCHEME &&
        vscode.window.activeTextEditor.document.uri.path.includes(id)
          ? vscode.window.activeTextEditor
          : undefined,
      );
      assert.deepEqual(JSON.parse(editor.document.getText()), JSON.parse(readFixture('abi', 'Counter.abi.json')));
      const { client, profile } = await api.services.requireSession();
      const still = await client.listSmartContractInterfaces({ organizationId: profile.organizationId });
      assert.ok(
        still.some((sci) => sci.smartContractInterfaceId === id),
        'the interface is still registered',
      );
    });

    it('Delete Without Export: Enter shows the private keys and deletes nothing; the deletion is the second button', async () => {
      await useSandboxProfile(api, 'Demo Sub-organization');
      const sub = organizationNamed(await sandboxOrganizations(api), 'Demo Sub-organization');
      const { result, shown, failures } = await runAnswering<Activity>(
        api,
        (r) => (r.buttons.length === 0 ? sub.organizationId : r.buttons[0]),
        'countersign.deleteSubOrganization',
        { deleteWithoutExport: true },
      );
      assert.deepEqual(
        failures.map((f) => f.message),
        [],
      );
      assert.equal(result, undefined, 'nothing was deleted');
      const warning = shown.find((r) => r.message === 'Delete without exporting the keys?');
      assert.deepEqual(warning?.buttons, ['Show Private Keys', 'Delete Without Export']);
      const { client } = await api.services.requireSession();
      const whoami = await client.whoami({ organizationId: sub.organizationId });
      assert.equal(whoami.organizationId, sub.organizationId, 'the sub-organization is still there');
    });
  });

  describe('what the dialogs say', () => {
    it('the approve dialog names the organization, the keys and the submitter, and says approval 2 of 2 runs it', async () => {
      const team = organizationNamed(await sandboxOrganizations(api), 'Team');
      await useSandboxProfile(api, 'Team', 0);
      const { client } = await api.services.requireSession();
      const keys = await client.listPrivateKeys({ organizationId: team.organizationId });
      assert.ok(keys.length > 0);
      const waiting = await teamActivityWaiting(api, `Named ${Date.now()}`, team.privateKeyIds);
      await useSandboxProfile(api, 'Team', 1);
      const { shown } = await withModalAnswers(api, () => undefined, 'countersign.approveActivity', {
        activityId: waiting.id,
      });
      const detail = shown[0]?.detail ?? '';
      assert.match(detail, /^Approval 2 of 2: it runs when you approve\./);
      assert.ok(detail.includes(`Organization: Team (${team.organizationId})`), detail);
      assert.ok(detail.includes(`Submitted by: ${team.users[0]?.userName ?? '?'}`), detail);
      for (const key of keys) assert.ok(detail.includes(key.privateKeyName), `names the key ${key.privateKeyName}`);
    });

    it('an ABI reads as "3 functions, 1 event"; Open ABI… shows it whole in a named read-only document and brings the dialog back; the reject dialog says a rejection stops it', async () => {
      await useSandboxProfile(api, 'Team', 0);
      const label = `ABI dialog ${Date.now()}`;
      const submitted = await run<Activity>(api, 'countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
        address: ADDRESS,
        label,
      });
      assert.equal(submitted?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      await useSandboxProfile(api, 'Team', 1);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // Open ABI… first; the dialog comes back, and is then dismissed.
      let asked = 0;
      const opened = await withModalAnswers(
        api,
        (r) => (asked++ === 0 && r.buttons.includes('Open ABI…') ? 'Open ABI…' : undefined),
        'countersign.approveActivity',
        {
          activityId: submitted.id,
        },
      );
      assert.equal(opened.result, undefined, 'no vote is cast');
      assert.equal(opened.shown.length, 2, 'the dialog came back after the ABI was shown');
      const detail = opened.shown[0]?.detail ?? '';
      assert.match(detail, /ABI: 3 functions, 1 event/);
      assert.ok(detail.length < 1500, `the dialog stays short (${detail.length} characters)`);
      assert.deepEqual(opened.shown[0]?.buttons, ['Show Details…', 'Open ABI…', 'Approve']);
      assert.equal(opened.shown[1]?.detail, detail);
      const editor = await eventually('the ABI to open', () =>
        vscode.window.activeTextEditor?.document.languageId === 'json' ? vscode.window.activeTextEditor : undefined,
      );
      assert.equal(editor.document.isUntitled, false, 'not an Untitled buffer');
      assert.equal(editor.document.uri.scheme, 'countersign-activity');
      assert.ok(editor.document.uri.path.endsWith(`/${label}.abi.json`), editor.document.uri.path);
      assert.deepEqual(JSON.parse(editor.document.getText()), JSON.parse(readFixture('abi', 'Counter.abi.json')));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

      const rejecting = await withModalAnswers(api, () => undefined, 'countersign.rejectActivity', {
        activityId: submitted.id,
      });
      assert.match(
        rejecting.shown[0]?.detail ?? '',
        /^It has 1 of 2 approvals\. Rejecting stops it: it will not run\./,
      );
    });
  });
});
