/**
 * Runs in VS Code's extension host against the local sandbox the extension starts: every operation command end
 * to end, with its inputs passed as arguments (so nothing is typed): interfaces from each ABI file format, bad
 * files and addresses refused before anything is sent, a private key tag, a consensus activity in "Team" approved
 * (from the Activities view) and another rejected by the second root user, deletions, and an API key record.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity, ApiKey } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { SmartContractInterfaceNode } from '../../src/extension/views/treeNodes';
import { fixturePath } from '../support/fixtures';
import { eventually, calmState, errorNodes } from './hostSupport';
import { goAhead, runAnswering, withModalAnswers } from './sandboxProfiles';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { ErrorAction } from '../../src/extension/ui/errorAction';
import { ADDRESS, operationCommands } from './operationCommands';

describe('operation commands', function () {
  this.timeout(60_000);
  const ops = operationCommands();
  const { organization, profileOf, useProfile, run, failureOf, answerPrompt, confirming, interfaces, createdId } = ops;
  let api: CountersignExtensionApi;
  before(() => (api = ops.api));

  describe('create private key tag', () => {
    it('creates a tag on the chosen private keys', async () => {
      const demo = organization('Demo');
      const keys = demo.privateKeyIds.slice(0, 2);
      const name = `treasury ${Date.now()}`;
      const activity = await run<Activity>('countersign.createPrivateKeyTag', { name, privateKeyIds: keys });
      assert.ok(activity);
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      const result = activity.result['createPrivateKeyTagResult'] as {
        privateKeyTagId: string;
        privateKeyIds: string[];
      };
      assert.deepEqual([...result.privateKeyIds].sort(), [...keys].sort());
      const { client, profile } = await api.services.requireSession();
      const tags = await client.listPrivateKeyTags({ organizationId: profile.organizationId });
      assert.equal(tags.find((tag) => tag.tagId === result.privateKeyTagId)?.tagName, name);
      const privateKeys = await client.listPrivateKeys({ organizationId: profile.organizationId });
      for (const key of privateKeys) {
        assert.equal(
          key.privateKeyTags.includes(result.privateKeyTagId),
          keys.includes(key.privateKeyId),
          key.privateKeyName,
        );
      }
    });

    it("offers the organization's keys in a multi-select, with the key of the tree node already ticked", async () => {
      const demo = organization('Demo');
      const { client, profile } = await api.services.requireSession();
      const key = (await client.listPrivateKeys({ organizationId: profile.organizationId })).find(
        (k) => k.privateKeyId === demo.privateKeyIds[2],
      );
      assert.ok(key);
      const node = { kind: 'privateKey', organizationId: profile.organizationId, privateKey: key };
      const name = `picked ${Date.now()}`;
      const activity = await answerPrompt<Activity>('quickInput.accept', 'countersign.createPrivateKeyTag', node, {
        name,
      });
      assert.equal(activity?.status, 'ACTIVITY_STATUS_COMPLETED');
      const result = activity?.result['createPrivateKeyTagResult'] as { privateKeyIds: string[] } | undefined;
      assert.deepEqual(result?.privateKeyIds, [key.privateKeyId]);
    });

    it('reports a failed activity (an unknown key id) as an error', async () => {
      const failure = await failureOf('countersign.createPrivateKeyTag', {
        name: `unknown ${Date.now()}`,
        privateKeyIds: ['00000000-0000-4000-8000-00000000dead'],
      });
      assert.match(failure.message, /failed/i);
    });
  });

  describe('delete smart contract interface', () => {
    async function createOne(label: string): Promise<string> {
      const activity = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
        address: ADDRESS,
        label,
      });
      assert.ok(activity);
      return createdId(activity);
    }

    it('deletes the interface of a tree node after confirmation', async () => {
      await useProfile('Demo');
      const id = await createOne('To delete (node)');
      const sci = (await interfaces()).find((s) => s.smartContractInterfaceId === id);
      assert.ok(sci);
      const node: SmartContractInterfaceNode = {
        kind: 'smartContractInterface',
        organizationId: sci.organizationId,
        smartContractInterface: sci,
      };
      const activity = await confirming<Activity>('countersign.deleteSmartContractInterface', node);
      assert.equal(activity?.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(activity?.type, 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE');
      assert.ok(!(await interfaces()).some((s) => s.smartContractInterfaceId === id));
      await eventually('the Organization view to drop the interface', async () => {
        const contents = await api.views.organization.contents();
        return contents?.smartContractInterfaces &&
          !contents.smartContractInterfaces.some((s) => s.smartContractInterfaceId === id)
          ? true
          : undefined;
      });
    });

    it('deletes by id', async () => {
      const id = await createOne('To delete (id)');
      const activity = await confirming<Activity>('countersign.deleteSmartContractInterface', {
        smartContractInterfaceId: id,
      });
      assert.equal(activity?.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok(!(await interfaces()).some((s) => s.smartContractInterfaceId === id));
    });

    it('from the palette, deletes the interface picked from the list', async () => {
      await createOne('To delete (pick)');
      const before = await interfaces();
      const activity = await confirming<Activity>('countersign.deleteSmartContractInterface');
      assert.equal(activity?.status, 'ACTIVITY_STATUS_COMPLETED');
      const deleted = (
        activity?.result['deleteSmartContractInterfaceResult'] as { smartContractInterfaceId?: string } | undefined
      )?.smartContractInterfaceId;
      assert.ok(
        before.some((s) => s.smartContractInterfaceId === deleted),
        'one of the listed interfaces was deleted',
      );
      assert.equal((await interfaces()).length, before.length - 1);
    });

    it('reports an unknown id as an error', async () => {
      const failure = await failureOf('countersign.deleteSmartContractInterface', {
        smartContractInterfaceId: '00000000-0000-4000-8000-00000000beef',
      });
      assert.ok(failure.message.length > 0);
    });
  });

  describe('delete sub-organization', () => {
    after(async () => {
      await useProfile('Demo');
    });

    it("refuses to delete an organization other than the active profile's, before sending", async () => {
      await useProfile('Demo Sub-organization');
      const failure = await failureOf('countersign.deleteSubOrganization', {
        organizationId: organization('Demo').organizationId,
      });
      assert.match(failure.message, /Only the active profile's organization/);
    });

    it('is refused while the sub-organization holds unexported keys, then deletes it with deleteWithoutExport', async () => {
      await useProfile('Demo Sub-organization');
      const sub = organization('Demo Sub-organization');
      // The user types the organization's id, then presses Enter on the options, leaving the tick box clear.
      const typesTheId = (request: ModalRequest) =>
        request.buttons.length === 0 ? sub.organizationId : goAhead(request);
      const refusal = await runAnswering(api, typesTheId, 'countersign.deleteSubOrganization');
      const refused = refusal.failures[0];
      assert.ok(refused, 'the deletion was refused');
      assert.match(refused.message, /not been exported|deleteWithoutExport/);

      // Its retry asks only the warning about the keys: the id was typed already.
      const retry = (refused.error as { action?: ErrorAction }).action;
      assert.ok(retry);
      const { result: activity, shown } = await withModalAnswers<Activity>(api, goAhead, retry.command, ...retry.args);
      assert.deepEqual(
        shown.map((request) => request.message),
        ['Delete without exporting the keys?'],
      );
      assert.ok(activity);
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(
        (activity.result['deleteSubOrganizationResult'] as { subOrganizationUuid?: string }).subOrganizationUuid,
        sub.organizationId,
      );
      assert.deepEqual(activity.intent['deleteSubOrganizationIntent'], { deleteWithoutExport: true });
    });

    it('then shows its profile one calm state per view: the organization no longer exists, and Remove Profile', async () => {
      // The active profile is still the deleted sub-organization's.
      const profileId = profileOf('Demo Sub-organization');
      assert.equal(api.services.profiles.active()?.id, profileId);
      api.views.activities.refresh();
      api.views.organization.refresh();
      const views = [
        async () => (await api.views.activities.provider.getChildren()) ?? [],
        async () => (await api.views.organization.provider.getChildren()) ?? [],
      ];
      for (const children of views) {
        const state = await eventually('a calm state', async () => calmState(await children()), 15_000);
        assert.equal(state.label, 'This organization no longer exists');
        const rows = await children();
        assert.equal(errorNodes(rows), undefined, 'no red error, no Retry that cannot succeed');
        assert.equal(rows.length, 2, 'the state and its one command');
        const action = rows.find((row) => row.kind === 'message' && row.command !== undefined);
        assert.ok(action?.kind === 'message');
        assert.equal(action.command?.command, 'countersign.removeProfile');
        assert.deepEqual(action.command?.arguments, [profileId]);
      }
    });
  });

  describe('get API key', () => {
    it("shows the active profile's API key record", async () => {
      await useProfile('Demo');
      const demoKey = organization('Demo').users[0]?.apiKeys[0];
      assert.ok(demoKey);
      const apiKey = await run<ApiKey>('countersign.getApiKey');
      assert.ok(apiKey);
      assert.equal(apiKey.apiKeyId, demoKey.apiKeyId);
      assert.equal(apiKey.apiKeyName, demoKey.apiKeyName);
      assert.equal(apiKey.credential.publicKey, demoKey.publicKey);
      assert.equal(apiKey.credential.type, 'CREDENTIAL_TYPE_API_KEY_P256');
    });

    it('shows another key of the organization by id, and reports an unknown one', async () => {
      const team = organization('Team');
      await useProfile('Team', 0);
      const second = team.users[1]?.apiKeys[0];
      assert.ok(second);
      const apiKey = await run<ApiKey>('countersign.getApiKey', { apiKeyId: second.apiKeyId });
      assert.equal(apiKey?.credential.publicKey, second.publicKey);
      const failure = await failureOf('countersign.getApiKey', '00000000-0000-4000-8000-00000000f00d');
      assert.ok(failure.message.length > 0);
      assert.match(failure.message, /HTTP 404/);
      assert.match(failure.message, /no API key with ID 00000000-0000-4000-8000-00000000f00d/);
      await useProfile('Demo');
    });
  });
});
