/**
 * Runs in VS Code's extension host against the local sandbox: what a walk through the extension as a newcomer found.
 * An ABI file whose registration waits for approval (submitted by a teammate) says so instead of offering Register
 * again; a file with warnings is registered from its lens only after a question; the interface hover lists functions
 * and events apart; the profile pick starts on the active profile.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { Profile } from '../../src/extension/profiles/profileStore';
import { smartContractInterfaceTooltip } from '../../src/extension/views/interfaceHover';
import { ADDRESS, abiFor, counterAbi, lensesUntil, states, workspaceUri, writeFile } from './abiFileHelpers';
import { answerPrompt } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

describe('findings of a newcomer walk', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  it("a registration a teammate submitted shows as waiting on the file's lens, not as Register again", async () => {
    const features = await api.abiEditor.start();
    const label = `Walk${Date.now()}`;
    const abi = abiFor(label);
    // The teammate submits it with their own key: this window knows of it only through the organization's activities.
    await useSandboxProfile(api, 'Team', 1);
    const teammate = await api.services.requireSession();
    const submitted = await teammate.client.createSmartContractInterface({
      organizationId: teammate.profile.organizationId,
      parameters: {
        smartContractAddress: ADDRESS,
        smartContractInterface: JSON.stringify(abi),
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label,
      },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await useSandboxProfile(api, 'Team', 0);
    const document = await writeFile(workspaceUri('abi', `${label}.abi.json`), `${JSON.stringify(abi, null, 2)}\n`);
    const lenses = await lensesUntil(features, document, 'the waiting lens', (l) =>
      l.some((lens) => lens.state === 'waiting'),
    );
    assert.deepEqual(states(lenses), [`waiting: $(watch) Registration as ${label} waits for approval`]);
  });

  it('a file with warnings is registered from its lens only after a question, which can say no', async () => {
    const features = await api.abiEditor.start();
    await useSandboxProfile(api, 'Demo');
    const label = `Warned${Date.now()}`;
    const withWarning = abiFor(label).map((entry) =>
      (entry as Record<string, unknown>)['name'] === 'setNumber'
        ? { ...(entry as Record<string, unknown>), inputs: [{ name: '', type: 'uint256' }] }
        : entry,
    );
    const document = await writeFile(
      workspaceUri('abi', `${label}.abi.json`),
      `${JSON.stringify(withWarning, null, 2)}\n`,
    );
    const [lens] = await lensesUntil(features, document, 'the Register lens', (l) =>
      l.some((x) => x.state === 'register'),
    );
    assert.ok(lens);
    // The address and label given, so that nothing else is asked: only the question about the warnings stands.
    const given = { ...(lens.args[0] as Record<string, unknown>), address: ADDRESS, label };
    const declined = await withModalAnswers(api, () => undefined, lens.command, given);
    assert.equal(declined.result, undefined, 'nothing was registered');
    assert.equal(declined.shown.length, 1);
    assert.match(
      declined.shown[0]?.message ?? '',
      new RegExp(`${label}\\.abi\\.json has 1 warning\\. Register it anyway\\?$`),
    );
    assert.match(declined.shown[0]?.detail ?? '', /input 0 \(uint256\) has no name/);
    assert.deepEqual(declined.shown[0]?.buttons, ['Show Problems', 'Register Anyway']);
    const accepted = await withModalAnswers(api, () => 'Register Anyway', lens.command, given);
    assert.equal(accepted.result && (accepted.result as { status?: string }).status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('the interface hover lists functions and events under headings of their own', () => {
    const hover = smartContractInterfaceTooltip({
      organizationId: 'org',
      smartContractInterfaceId: 'sci',
      smartContractAddress: ADDRESS,
      smartContractInterface: JSON.stringify([
        ...counterAbi,
        { type: 'event', name: 'Moved', inputs: [{ name: 'to', type: 'address', indexed: true }], anonymous: false },
      ]),
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: 'Counter',
      notes: '',
      createdAt: { seconds: '1700000000', nanos: '0' },
      updatedAt: { seconds: '1700000000', nanos: '0' },
    });
    const text = hover.value;
    // In markdown, a line right after a list item continues it: each heading needs a blank line before it, and its
    // list one after it, or the events read as part of the last function.
    const functions = text.indexOf('**Functions**');
    const events = text.indexOf('**Events** (2)');
    assert.ok(functions > 0 && events > functions, text);
    assert.equal(text.slice(events - 2, events), '\n\n', `a blank line before Events: ${JSON.stringify(text)}`);
    assert.match(text.slice(events), /^\*\*Events\*\* \(2\)\n\n- `/);
    assert.ok(text.slice(events).includes('Moved'), 'the event is under Events');
    assert.match(text.slice(functions), /^\*\*Functions\*\* \(\d+\)\n\n- `/);
  });

  it('the profile pick starts on the active profile: Enter keeps it', async () => {
    await useSandboxProfile(api, 'Team', 1);
    const active = api.services.profiles.active();
    assert.ok(active);
    assert.notEqual(api.services.profiles.list()[0]?.id, active.id, 'the active profile is not the first one');
    const kept = await answerPrompt<Profile>(api, 'quickInput.accept', 'countersign.switchProfile');
    assert.equal(kept?.id, active.id);
    assert.equal(api.services.profiles.active()?.id, active.id);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });
});
