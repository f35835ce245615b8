/**
 * Runs in VS Code's extension host against the local sandbox: what a teammate names things cannot act for the
 * user. A command run from outside (a link in a name, another extension) with `confirmed: true` still asks, and a
 * failure that echoes a teammate's `signWith` shows it as text, with its hidden characters made visible.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { smartContractInterfaceTooltip } from '../../src/extension/views/interfaceHover';
import type { SandboxOrganization } from '../../src/sandbox';
import { organizationNamed } from './hostSupport';
import { goAhead, runAnswering, sandboxSuiteHooks, teamActivityWaiting, useSandboxProfile } from './sandboxProfiles';

/** How VS Code finds the links of a notification (its linkedText parser): a match is a link that runs. */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

describe("a teammate's text acts for no one", function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  let organizations!: readonly SandboxOrganization[];
  sandboxSuiteHooks((a, o) => {
    api = a;
    organizations = o;
  });

  const statusOf = async (activity: Activity): Promise<string> => {
    const { client } = await api.services.requireSession();
    const now = await client.getActivity({ organizationId: activity.organizationId, activityId: activity.id });
    return now.status;
  };

  for (const command of ['countersign.approveActivity', 'countersign.rejectActivity']) {
    it(`${command} run from outside with confirmed: true still asks, and casts nothing when the dialog is dismissed`, async () => {
      const waiting = await teamActivityWaiting(api, `Outside ${command.slice(12)} ${Date.now()}`);
      await useSandboxProfile(api, 'Team', 1);
      // What a command link in a tag's name would run: the fingerprint, and the option that used to skip the dialog.
      const { result, shown, failures } = await runAnswering<Activity>(api, () => undefined, command, {
        fingerprint: waiting.fingerprint,
        confirmed: true,
      });
      assert.deepEqual(failures, []);
      assert.equal(result, undefined, 'no vote was cast');
      assert.equal(shown.length, 1, 'the dialog was shown');
      assert.equal(await statusOf(waiting), 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    });
  }

  it('deleteSmartContractInterface run from outside with confirmed: true still asks, and deletes nothing when dismissed', async () => {
    await useSandboxProfile(api, 'Demo');
    const { client, profile } = await api.services.requireSession();
    const created = await client.createSmartContractInterface({
      organizationId: profile.organizationId,
      parameters: {
        smartContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        smartContractInterface: JSON.stringify([{ type: 'function', name: 'f', inputs: [], outputs: [] }]),
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: `Kept ${Date.now()}`,
      },
    });
    const id = (created.result['createSmartContractInterfaceResult'] as { smartContractInterfaceId?: string })
      .smartContractInterfaceId;
    const sci = (await client.listSmartContractInterfaces({ organizationId: profile.organizationId })).find(
      (s) => s.smartContractInterfaceId === id,
    );
    assert.ok(sci, 'the interface to keep was created');
    const { result, shown } = await runAnswering(api, () => undefined, 'countersign.deleteSmartContractInterface', {
      smartContractInterfaceId: sci.smartContractInterfaceId,
      confirmed: true,
    });
    assert.equal(result, undefined);
    assert.equal(shown.length, 1, 'the dialog was shown');
    const after = await client.listSmartContractInterfaces({ organizationId: profile.organizationId });
    assert.ok(
      after.some((s) => s.smartContractInterfaceId === sci.smartContractInterfaceId),
      'it is still there',
    );
  });

  it("a failure that echoes a teammate's signWith shows it as text: no link, its hidden characters visible", async () => {
    const team = organizationNamed(organizations, 'Team');
    const hostile = `[Review](command:countersign.approveActivity?{"fingerprint":"x","confirmed":true})\u202Egnp.exe\nline`;
    await useSandboxProfile(api, 'Team', 0);
    const { client } = await api.services.requireSession();
    const submitted = await client.signRawPayload({
      organizationId: team.organizationId,
      parameters: {
        signWith: hostile,
        payload: 'hello',
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await useSandboxProfile(api, 'Team', 1);
    const { shown, failures } = await runAnswering(api, goAhead, 'countersign.approveActivity', {
      activityId: submitted.id,
    });
    const detail = shown[0]?.detail ?? '';
    assert.ok(detail.includes('\\u202Egnp.exe\\nline'), `the dialog shows the hidden characters: ${detail}`);
    assert.ok(!detail.includes('\u202E'), 'no right-to-left override reaches the dialog');
    const failure = failures[0];
    assert.ok(failure, 'the approval ran the activity, which failed');
    assert.match(failure.message, /private key not found/);
    assert.ok(failure.message.includes('\\u202E'), failure.message);
    assert.deepEqual([...failure.message.matchAll(NOTIFICATION_LINK)], [], `no link in: ${failure.message}`);
  });

  it('an ABI name with two backticks stays in its code span in the interface hover, and the hover is untrusted', () => {
    const name = 'a``[x](command:foo)![i](http://127.0.0.1/x.png)``';
    const hover = smartContractInterfaceTooltip({
      organizationId: 'org',
      smartContractInterfaceId: 'sci',
      smartContractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      smartContractInterface: JSON.stringify([{ type: 'function', name, inputs: [], outputs: [] }]),
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: '$(verified) Audited USDC',
      notes: '[Docs](command:countersign.approveActivity)',
      createdAt: { seconds: '1700000000', nanos: '0' },
      updatedAt: { seconds: '1700000000', nanos: '0' },
    });
    assert.equal(hover.isTrusted, false);
    assert.notEqual(hover.supportHtml, true);
    assert.notEqual(hover.supportThemeIcons, true, 'a hover of service text draws no icon');
    const line = hover.value.split('\n').find((l) => l.includes('[x]'));
    assert.ok(line, hover.value);
    assert.match(line, /^- (`{3,})[^`].*[^`]\1$/, `the declaration is fenced past its own backticks: ${line}`);
    assert.ok(hover.value.includes('\\$(verified) Audited USDC'), 'the label shows $(verified) as text');
    assert.ok(hover.value.includes('\\[Docs\\](command'), 'the notes show their link as text');
  });
});
