/**
 * Runs in VS Code's extension host against the local sandbox the extension starts: every operation command end
 * to end, with its inputs passed as arguments (so nothing is typed): interfaces from each ABI file format, bad
 * files and addresses refused before anything is sent, a private key tag, a consensus activity in "Team" approved
 * (from the Activities view) and another rejected by the second root user, deletions, and an API key record.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { adviseAddress } from '../../src/extension/ui/operationInputs';
import { addressValidation } from '../../src/extension/ui/prompts';
import { type Activity, type ApiKey, type SmartContractInterface } from '../../src/api';
import { checkAppProof, checkEthereumAddress, readAbiFile, toChecksumAddress } from '../../src/api/remote';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { SandboxOrganization } from '../../src/sandbox';
import type { SmartContractInterfaceNode } from '../../src/extension/views/treeNodes';
import { fixturePath, readFixture } from '../support/fixtures';
import {
  eventually,
  extensionApi,
  answerPrompt as answerPromptOf,
  calmState,
  errorNodes,
  failureOf as commandFailure,
  noteSecret,
  organizationNamed,
  run as runCommand,
} from './hostSupport';
import { goAhead, runAnswering, withModalAnswers } from './sandboxProfiles';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { ErrorAction } from '../../src/extension/ui/errorAction';

const DEMO_PROFILE = 'local-sandbox';
/** An address in its EIP-55 form; the tests also pass it all lowercase. */
const ADDRESS = toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');

describe('operation commands', function () {
  this.timeout(60_000);
  let api: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[];

  const organization = (name: string): SandboxOrganization => organizationNamed(organizations, name);

  /** The id of the profile the local sandbox made for a root user of an organization. */
  function profileOf(name: string, userIndex = 0): string {
    const org = organization(name);
    if (name === 'Demo' && userIndex === 0) return DEMO_PROFILE;
    const user = org.users[userIndex];
    assert.ok(user, `${name} has a user ${userIndex}`);
    const profile = api.services.profiles
      .list()
      .find((p) => p.localSandbox && p.organizationId === org.organizationId && p.id.endsWith(`.${user.userId}`));
    assert.ok(profile, `the local sandbox made a profile for ${name}, user ${userIndex}`);
    return profile.id;
  }

  async function useProfile(name: string, userIndex = 0): Promise<void> {
    const id = profileOf(name, userIndex);
    await vscode.commands.executeCommand('countersign.switchProfile', id);
    assert.equal(api.services.profiles.active()?.id, id);
  }

  const run = <T>(command: string, ...args: unknown[]) => runCommand<T>(api, command, ...args);
  const failureOf = (command: string, ...args: unknown[]) => commandFailure(api, command, ...args);

  const answerPrompt = <T>(
    answer: 'quickInput.accept' | 'workbench.action.closeQuickOpen',
    command: string,
    ...args: unknown[]
  ) => answerPromptOf<T>(api, answer, command, ...args);

  /** Runs a command that asks before it acts, and answers its dialogs as a user who goes ahead. */
  const confirming = async <T>(command: string, ...args: unknown[]) => {
    const { result, failures } = await runAnswering<T>(api, goAhead, command, ...args);
    assert.deepEqual(
      failures.map((f) => f.message),
      [],
      `${command} failed`,
    );
    return result;
  };

  async function interfaces(): Promise<SmartContractInterface[]> {
    const { client, profile } = await api.services.requireSession();
    return client.listSmartContractInterfaces({ organizationId: profile.organizationId });
  }

  async function submittedCount(): Promise<number> {
    const { client, profile } = await api.services.requireSession();
    const activities = await client.listActivities({
      organizationId: profile.organizationId,
      filterByType: ['ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE'],
      paginationOptions: { limit: '100' },
    });
    return activities.length;
  }

  function createdId(activity: Activity): string {
    const result = activity.result['createSmartContractInterfaceResult'] as
      { smartContractInterfaceId?: string } | undefined;
    assert.ok(result?.smartContractInterfaceId, 'the activity names the new interface');
    return result.smartContractInterfaceId;
  }

  before(async () => {
    api = await extensionApi();
    await run('countersign.startLocalSandbox');
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox, 'the local sandbox runs');
    organizations = sandbox.credentials.organizations;
    for (const org of organizations)
      for (const user of org.users) for (const key of user.apiKeys) noteSecret(key.privateKey);
    await useProfile('Demo');
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('countersign')
      .update('generateAppProofs', undefined, vscode.ConfigurationTarget.Global);
    if (api) await vscode.commands.executeCommand('countersign.switchProfile', DEMO_PROFILE);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  describe('create smart contract interface', () => {
    // Where the file does not name its contract (plain array, Etherscan), the label is the file's name.
    const files: Array<{ file: string; contractName?: string; name: string }> = [
      { file: 'Counter.abi.json', name: 'Counter' },
      { file: 'Counter.foundry.json', name: 'Counter' },
      { file: 'MetaCoin.truffle.json', name: 'MetaCoin' },
      { file: 'combined.solc.json', contractName: 'Counter', name: 'Counter' },
      { file: 'Counter.etherscan.json', name: 'Counter.etherscan' },
    ];

    for (const { file, contractName, name } of files) {
      it(`registers the ABI of ${file}, the address in its checksummed form, the label defaulting to the contract's name`, async () => {
        const activity = await run<Activity>('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', file)),
          address: ADDRESS.toLowerCase(),
          ...(contractName ? { contractName } : {}),
          notes: `from ${file}`,
        });
        assert.ok(activity, 'the command returned the activity');
        assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
        assert.equal(activity.type, 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE');
        const id = createdId(activity);
        const stored = (await interfaces()).find((sci) => sci.smartContractInterfaceId === id);
        assert.ok(stored, 'the organization lists the new interface');
        assert.equal(stored.smartContractAddress, ADDRESS);
        assert.equal(stored.label, name);
        assert.equal(stored.notes, `from ${file}`);
        assert.equal(stored.smartContractInterface, readAbiFile(readFixture('abi', file), file, contractName).json);
      });
    }

    it('reads a Hardhat artifact passed as text, and the Organization view shows the new interface', async () => {
      const abi = JSON.parse(readFixture('abi', 'Counter.abi.json')) as unknown[];
      const artifact = JSON.stringify({
        _format: 'hh-sol-artifact-1',
        contractName: 'HardhatCounter',
        sourceName: 'contracts/Counter.sol',
        abi,
        bytecode: '0x',
      });
      const activity = await run<Activity>('countersign.createSmartContractInterface', {
        abiText: artifact,
        fileName: 'HardhatCounter.json',
        address: ADDRESS,
      });
      assert.ok(activity);
      const id = createdId(activity);
      assert.equal((await interfaces()).find((sci) => sci.smartContractInterfaceId === id)?.label, 'HardhatCounter');
      await eventually('the Organization view to show the interface', async () => {
        const contents = await api.views.organization.contents();
        return contents?.smartContractInterfaces?.some((sci) => sci.smartContractInterfaceId === id) ? true : undefined;
      });
    });

    it('takes the only contract with an ABI from a solc file, and asks which one when several have one', async () => {
      const alone = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'combined.solc.json')),
        address: ADDRESS,
      });
      assert.ok(alone);
      assert.equal(
        (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(alone))?.label,
        'Counter',
      );

      const abi = readFixture('abi', 'Counter.abi.json');
      const two = JSON.stringify({
        contracts: { 'contracts/Alpha.sol:Alpha': { abi }, 'contracts/Beta.sol:Beta': { abi } },
        version: '0.8.28',
      });
      const picked = await answerPrompt<Activity>('quickInput.accept', 'countersign.createSmartContractInterface', {
        abiText: two,
        fileName: 'two.json',
        address: ADDRESS,
      });
      assert.ok(picked, 'the first contract of the pick was registered');
      assert.equal(
        (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(picked))?.label,
        'Alpha',
      );
    });

    it('refuses an ABI over 400 KB, saying its size, and sends nothing', async () => {
      const before = await submittedCount();
      const big = Array.from({ length: 4000 }, (_, i) => ({
        type: 'function',
        name: `f${i}_${'x'.repeat(80)}`,
        inputs: [],
        outputs: [],
        stateMutability: 'view',
      }));
      const failure = await failureOf('countersign.createSmartContractInterface', {
        abiText: JSON.stringify(big),
        fileName: 'Big.json',
        address: ADDRESS,
      });
      assert.match(failure.message, /^Big\.json: the ABI is \d+ KB; the service accepts at most 400 KB\./);
      assert.equal(await submittedCount(), before);
    });

    it('asks for a label when bare ABI text names no contract', async () => {
      const before = await submittedCount();
      const failure = await failureOf('countersign.createSmartContractInterface', {
        abiText: readFixture('abi', 'Counter.abi.json'),
        address: ADDRESS,
      });
      assert.match(failure.message, /pass a label/);
      assert.equal(await submittedCount(), before);
    });

    it('reads the unsaved text of the active editor when no file is named', async () => {
      const abi = JSON.parse(readFixture('abi', 'Counter.abi.json')) as Array<Record<string, unknown>>;
      const edited = [...abi, { type: 'event', name: 'Unsaved', inputs: [], anonymous: false }];
      const document = await vscode.workspace.openTextDocument({
        language: 'json',
        content: JSON.stringify(edited, null, 2),
      });
      await vscode.window.showTextDocument(document);
      assert.equal(document.isDirty || document.isUntitled, true);
      const activity = await run<Activity>('countersign.createSmartContractInterface', {
        address: ADDRESS,
        label: 'From the editor',
      });
      assert.ok(activity);
      const stored = (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(activity));
      assert.ok(stored?.smartContractInterface.includes('"Unsaved"'), 'the unsaved event was registered');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    it('reads the unsaved edits of a file that is open when the file is named (as the explorer menu does)', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'countersign-abi-'));
      // The browser workbench saves edits after a delay by default: this test needs the edit to stay unsaved.
      const files = vscode.workspace.getConfiguration('files');
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      try {
        const file = path.join(folder, 'Edited.abi.json');
        writeFileSync(file, readFixture('abi', 'Counter.abi.json'));
        const uri = vscode.Uri.file(file);
        const editor = await vscode.window.showTextDocument(uri);
        const text = editor.document.getText();
        const edit = new vscode.WorkspaceEdit();
        const at = editor.document.positionAt(text.indexOf('[') + 1);
        edit.insert(uri, at, '{"type":"event","name":"NotSavedYet","inputs":[],"anonymous":false},');
        assert.equal(await vscode.workspace.applyEdit(edit), true);
        assert.equal(editor.document.isDirty, true);
        const activity = await run<Activity>('countersign.createSmartContractInterface', { uri, address: ADDRESS });
        assert.ok(activity);
        const stored = (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(activity));
        assert.equal(stored?.label, 'Edited', 'the label comes from the file name');
        assert.ok(stored?.smartContractInterface.includes('"NotSavedYet"'), 'the unsaved edit was registered');
        assert.ok(!readFileSync(file, 'utf8').includes('NotSavedYet'), 'the file itself was not saved');
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it('checks the address as it is typed: errors and a failed checksum block, a missing checksum only informs', () => {
      const lower = ADDRESS.toLowerCase();
      const typo = ADDRESS.replace(/[a-f]/, (c) => c.toUpperCase());
      assert.equal(addressValidation(adviseAddress(ADDRESS, checkEthereumAddress)), undefined);
      const short = addressValidation(adviseAddress('0x12', checkEthereumAddress));
      assert.equal(short?.severity, vscode.InputBoxValidationSeverity.Error);
      assert.match(short?.message ?? '', /this one has 2/);
      const noChecksum = addressValidation(adviseAddress(lower, checkEthereumAddress));
      assert.equal(noChecksum?.severity, vscode.InputBoxValidationSeverity.Info);
      assert.ok(noChecksum?.message.includes(ADDRESS), 'offers the checksummed form');
      assert.equal(
        addressValidation(adviseAddress(typo, checkEthereumAddress))?.severity,
        vscode.InputBoxValidationSeverity.Error,
      );
    });

    it('asks the service for App Proofs when the setting is on, and they check out', async () => {
      await vscode.workspace
        .getConfiguration('countersign')
        .update('generateAppProofs', true, vscode.ConfigurationTarget.Global);
      try {
        const activity = await run<Activity>('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
          address: ADDRESS,
          label: 'With App Proofs',
        });
        assert.ok(activity);
        assert.ok(activity.appProofs.length > 0, 'the activity carries App Proofs');
        for (const proof of activity.appProofs) assert.equal(checkAppProof(proof).ok, true);
      } finally {
        await vscode.workspace
          .getConfiguration('countersign')
          .update('generateAppProofs', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it('ends quietly, sending nothing, when the address box is dismissed', async () => {
      const before = await submittedCount();
      const result = await answerPrompt(
        'workbench.action.closeQuickOpen',
        'countersign.createSmartContractInterface',
        vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
      );
      assert.equal(result, undefined);
      assert.equal(await submittedCount(), before);
    });

    const badFiles: Array<{ file: string; problem: RegExp }> = [
      { file: 'not-json.json', problem: /not valid JSON/ },
      { file: 'invalid-type.json', problem: /invalid ABI/ },
    ];
    for (const { file, problem } of badFiles) {
      it(`refuses ${file} with a message naming the file and the problem, and sends nothing`, async () => {
        const before = await submittedCount();
        const count = (await interfaces()).length;
        const failure = await failureOf('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', file)),
          address: ADDRESS,
        });
        assert.ok(failure.message.includes(file), `the message names ${file}: ${failure.message}`);
        assert.match(failure.message, problem);
        assert.equal(await submittedCount(), before, 'no activity was submitted');
        assert.equal((await interfaces()).length, count);
      });
    }

    it('refuses a file that does not exist, naming it', async () => {
      const failure = await failureOf('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Missing.json')),
        address: ADDRESS,
      });
      assert.match(failure.message, /Missing\.json: the file cannot be found/);
    });

    const badAddresses: Array<{ address: string; problem: RegExp }> = [
      { address: '0x1234', problem: /40 hex characters after 0x; this one has 4/ },
      { address: ADDRESS.slice(2), problem: /starts with 0x/ },
      { address: ADDRESS.replace(/[a-f]/, (c) => c.toUpperCase()), problem: /EIP-55 checksum/ },
    ];
    for (const { address, problem } of badAddresses) {
      it(`refuses the address ${address} with ${problem.source}, and sends nothing`, async () => {
        const before = await submittedCount();
        const failure = await failureOf('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
          address,
        });
        assert.match(failure.message, problem);
        assert.match(failure.message, /Nothing was sent/);
        assert.equal(await submittedCount(), before);
      });
    }
  });

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

  describe('consensus in Team', () => {
    it('a submission that needs a second approval is reported as waiting, not as an error', async () => {
      await useProfile('Team', 0);
      const activity = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
        address: ADDRESS,
        label: 'Team counter',
      });
      assert.ok(activity);
      assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.ok(
        !(await interfaces()).some((sci) => sci.label === 'Team counter'),
        'nothing is created before the approval',
      );
    });

    it('the second root user approves it from the Activities view, and it executes', async () => {
      await useProfile('Team', 0);
      const { client, profile } = await api.services.requireSession();
      const waiting = await client.listActivities({
        organizationId: profile.organizationId,
        filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
      });
      const target = waiting.find(
        (a) =>
          (a.intent['createSmartContractInterfaceIntent'] as { label?: string } | undefined)?.label === 'Team counter',
      );
      assert.ok(target, 'the activity waits for consensus');

      await useProfile('Team', 1);
      const element = await eventually(
        'the activity to show in the view as approvable by the second user',
        async () => {
          const rows = await api.views.activities.activities();
          return rows.find((row) => row.activity.id === target.id && row.activity.canApprove);
        },
      );
      const vote = await confirming<Activity>('countersign.approveActivity', element);
      assert.ok(vote);
      assert.equal(vote.type, 'ACTIVITY_TYPE_APPROVE_ACTIVITY');
      assert.equal(vote.status, 'ACTIVITY_STATUS_COMPLETED');
      const after = await (
        await api.services.requireSession()
      ).client.getActivity({ organizationId: target.organizationId, activityId: target.id });
      assert.equal(after.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok(
        (await interfaces()).some((sci) => sci.label === 'Team counter'),
        'the approved interface exists',
      );
    });

    it('the second root user rejects another one by its activity id, and it is not executed', async () => {
      await useProfile('Team', 0);
      const name = `Team tag ${Date.now()}`;
      const submitted = await run<Activity>('countersign.createPrivateKeyTag', { name, privateKeyIds: [] });
      assert.equal(submitted?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.ok(submitted);

      await useProfile('Team', 1);
      const vote = await confirming<Activity>('countersign.rejectActivity', { activityId: submitted.id });
      assert.equal(vote?.type, 'ACTIVITY_TYPE_REJECT_ACTIVITY');
      const { client } = await api.services.requireSession();
      const after = await client.getActivity({ organizationId: submitted.organizationId, activityId: submitted.id });
      assert.equal(after.status, 'ACTIVITY_STATUS_REJECTED');
      const tags = await client.listPrivateKeyTags({ organizationId: submitted.organizationId });
      assert.ok(!tags.some((tag) => tag.tagName === name));
    });

    it('approving by fingerprint from the palette works too', async () => {
      await useProfile('Team', 0);
      const submitted = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'MetaCoin.truffle.json')),
        address: ADDRESS,
        label: 'Team coin',
      });
      assert.ok(submitted?.fingerprint);
      await useProfile('Team', 1);
      const vote = await confirming<Activity>('countersign.approveActivity', submitted.fingerprint);
      assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok((await interfaces()).some((sci) => sci.label === 'Team coin'));
    });

    it('from the palette, the second user picks the activity waiting for a decision', async () => {
      await useProfile('Team', 0);
      const submitted = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Counter.foundry.json')),
        address: ADDRESS,
        label: 'Team picked',
      });
      assert.equal(submitted?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      await useProfile('Team', 1);
      const vote = await confirming<Activity>('countersign.approveActivity');
      assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok((await interfaces()).some((sci) => sci.label === 'Team picked'));
    });

    after(async () => {
      await useProfile('Demo');
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
