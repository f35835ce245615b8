/**
 * Runs in VS Code's extension host against the local sandbox: what the approve and reject dialogs show and which
 * button Enter would choose, and the contract address box that refuses a failed checksum.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { toChecksumAddress, type Activity } from '../../src/api';
import { adviseAddress } from '../../src/extension/commands/operationInputs';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { parseActivityJsonUri } from '../../src/extension/output/jsonDocumentProvider';
import { addressValidation } from '../../src/extension/ui/prompts';
import { eventually, extensionApi } from './hostSupport';
import { sandboxOrganizations, teamActivityWaiting, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

const ADDRESS = toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');

describe('dialogs that default to the harmless choice', function () {
  this.timeout(60_000);
  let api: CountersignExtensionApi;

  before(async () => {
    api = await extensionApi();
    await sandboxOrganizations(api);
  });

  after(async () => {
    await useSandboxProfile(api, 'Demo');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the address box refuses a mixed-case address whose EIP-55 checksum fails, and accepts one case as checksummed', () => {
    const typo = ADDRESS.replace(/[a-f]/, (c) => c.toUpperCase());
    const refused = addressValidation(adviseAddress(typo));
    assert.equal(refused?.severity, vscode.InputBoxValidationSeverity.Error, 'a failed checksum blocks Enter');
    assert.match(refused?.message ?? '', /checksum/);
    for (const oneCase of [ADDRESS.toLowerCase(), `0x${ADDRESS.slice(2).toUpperCase()}`]) {
      const accepted = addressValidation(adviseAddress(oneCase));
      assert.notEqual(accepted?.severity, vscode.InputBoxValidationSeverity.Error);
      assert.ok(accepted?.message.includes(ADDRESS), 'shows the checksummed form it will register');
    }
  });

  for (const vote of ['approve', 'reject'] as const) {
    it(`the ${vote} dialog offers Show Details… first (Enter) and ${vote === 'approve' ? 'Approve' : 'Reject'} second; Show Details opens the activity and casts no vote`, async () => {
      const waiting = await teamActivityWaiting(api, `Dialog ${vote} ${Date.now()}`);
      await useSandboxProfile(api, 'Team', 1);
      const command = vote === 'approve' ? 'countersign.approveActivity' : 'countersign.rejectActivity';
      const { result, shown } = await withModalAnswers<Activity>(api, (r) => r.buttons[0], command, {
        activityId: waiting.id,
      });
      assert.equal(result, undefined, 'no vote was cast');
      assert.equal(shown.length, 1);
      assert.deepEqual(shown[0]?.buttons, ['Show Details…', vote === 'approve' ? 'Approve' : 'Reject']);
      await eventually('the activity to open', () => {
        const uri = vscode.window.activeTextEditor?.document.uri;
        return uri && parseActivityJsonUri(uri)?.activityId === waiting.id ? true : undefined;
      });
      const { client } = await api.services.requireSession();
      const still = await client.getActivity({ organizationId: waiting.organizationId, activityId: waiting.id });
      assert.equal(still.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');

      const second = await withModalAnswers<Activity>(api, (r) => r.buttons[1], command, { activityId: waiting.id });
      assert.equal(second.result?.status, 'ACTIVITY_STATUS_COMPLETED', 'the vote itself completes');
    });
  }
});
