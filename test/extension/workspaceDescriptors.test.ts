/**
 * Runs in VS Code's extension host against the local sandbox: the workspace's ERC-7730 descriptors are searched for
 * once, however many summaries read them (the inbox's, the approve dialog's, the review page's); a descriptor
 * written, edited or deleted in the workspace reaches the inbox rows and the open review page by itself (its
 * intent and labels; never decimals of its own for a token of the built-in list, which are a risk), read file
 * by file without another search, and so does one another program writes on disk; an untrusted workspace's
 * descriptors are read only once trust is granted.
 */
import * as assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/sampleToken';
import type { SimulatedRequests } from '../../src/extension/commands/simulateRequests';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ReviewModel } from '../../src/extension/review/reviewMessages';
import { WorkspaceDescriptors, type WorkspaceTrust } from '../../src/extension/ui/clearSigningFiles';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import { fixturePath } from '../support/fixtures';
import { workspaceUri } from './abiFileHelpers';
import { eventually, run } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const FOLDER = 'clear-signing';
const FILE = 'calldata-ExampleToken.json';
const SEPOLIA = 11155111;
const encode = (text: string) => new TextEncoder().encode(text);

/**
 * A calldata descriptor of the sandbox's sample token on Sepolia, with this intent for transfer and these decimals
 * (the built-in list has 18, which a descriptor never changes).
 */
function descriptorText(intent: string, decimals = 18): string {
  return `${JSON.stringify(
    {
      $schema: 'https://eips.ethereum.org/assets/eip-7730/erc7730-v1.schema.json',
      context: { contract: { deployments: [{ chainId: SEPOLIA, address: SAMPLE_TOKEN_ADDRESS }] } },
      metadata: { owner: 'Example', token: { name: 'Example', ticker: 'EXAMPLE', decimals } },
      display: {
        formats: {
          'transfer(address to,uint256 amount)': {
            intent,
            fields: [{ path: 'amount', label: 'Amount to send', format: 'tokenAmount' }],
          },
        },
      },
    },
    null,
    2,
  )}\n`;
}

describe("the workspace's ERC-7730 descriptors, read once and kept until a file changes", function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });
  let requests: SimulatedRequests;
  const file = () => workspaceUri(FOLDER, FILE);

  after(async () => {
    await vscode.workspace.fs.delete(workspaceUri(FOLDER), { recursive: true, useTrash: false }).then(
      () => undefined,
      () => undefined,
    );
  });

  /** The transfer's line in the inbox as it is now: no look is asked for, the inbox follows by itself. */
  const inboxLine = () => api.inbox.state?.summaries?.get(requests.transfer.id)?.line ?? '';

  /** The amount argument (named with the descriptor's label, if any) as the open review page of the transfer shows it now. */
  const pageAmount = () =>
    api.views.reviews
      .page(requests.transfer.id)
      ?.model?.sections.find((s) => s.id === 'call')
      ?.call?.arguments.find((a) => /^amount\b/.test(a.name))?.text ?? '';

  /** The approve dialog's text for the transfer; it is dismissed, so no vote is cast. */
  async function dialogDetail(activity: Activity): Promise<string> {
    const shown: ModalRequest[] = [];
    const answering = api.services.modals.answerWith((request) => {
      shown.push(request);
      return undefined;
    });
    try {
      assert.equal(await run<Activity>(api, 'countersign.approveActivity', activity), undefined, 'no vote is cast');
    } finally {
      answering.dispose();
    }
    assert.ok(shown[0]);
    return shown[0].detail;
  }

  it("simulates the teammate's transfer of the sample token", async () => {
    await useSandboxProfile(api, 'Demo');
    const simulated = await run<SimulatedRequests>(api, 'countersign.simulateTeammateRequest', { switchProfile: true });
    assert.ok(simulated);
    requests = simulated;
  });

  it('searches the workspace once, however many summaries read the descriptors', async () => {
    await api.inbox.check();
    const descriptors = await api.services.descriptors();
    const first = await eventually('the inbox to summarise the transfer', () => inboxLine() || undefined);
    assert.match(first, /amount 250 EXAMPLE/, 'no descriptor yet: the built-in list scales it');
    const searches = descriptors.searches;
    assert.ok(searches >= 1, 'the summaries read the descriptors through the one cache');
    assert.match(await dialogDetail(requests.transfer), /amount: 250 EXAMPLE/);
    assert.match(await dialogDetail(requests.transfer), /amount: 250 EXAMPLE/);
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', requests.transfer);
    assert.ok(model);
    assert.match(pageAmount(), /^250 EXAMPLE \(raw 250000000000000000000; 18 decimals from the built-in list/);
    assert.equal(descriptors.searches, searches, 'two dialogs and a review page, and no search more');
  });

  /**
   * Waits until the file watcher reports to the extension (it starts with the first read, and a host that has just
   * started may not watch yet): a file with the descriptors' name pattern, not a descriptor, is written until the
   * extension hears of it.
   */
  async function watcherReporting(): Promise<void> {
    let heard = false;
    const listening = api.services.onDidChangeDescriptors(() => {
      heard = true;
    });
    try {
      let count = 0;
      await eventually('the file watcher to report a clear-signing file', async () => {
        if (heard) return true;
        await vscode.workspace.fs.writeFile(workspaceUri(FOLDER, 'calldata-probe.json'), encode(`{"n":${++count}}`));
        return undefined;
      });
    } finally {
      listening.dispose();
    }
  }

  /** The descriptor's intent as the open review page of the transfer shows it now. */
  const pageIntent = () =>
    api.views.reviews
      .page(requests.transfer.id)
      ?.model?.sections.find((s) => s.id === 'call')
      ?.rows.find((r) => r.label === 'Intent')?.value ?? '';

  /** The transfer's risks in the inbox row as they are now. */
  const inboxRisks = () => api.inbox.state?.summaries?.get(requests.transfer.id)?.risks ?? [];

  it('a descriptor written to the workspace gives the inbox row and the open page its intent, without a search', async () => {
    const descriptors = await api.services.descriptors();
    await watcherReporting();
    const searches = descriptors.searches;
    const reads = descriptors.fileReads;
    await vscode.workspace.fs.writeFile(file(), encode(descriptorText('Send')));
    const line = await eventually('the inbox row to use the descriptor', () =>
      /^Send: /.test(inboxLine()) ? inboxLine() : undefined,
    );
    assert.match(line, /^Send: transfer\(to 0xdbF03B…C8C6FB, amount 250 EXAMPLE\)/);
    const intent = await eventually('the review page to use the descriptor', () => pageIntent() || undefined);
    assert.equal(intent, `Send (ERC-7730 descriptor ${FOLDER}/${FILE})`);
    assert.match(pageAmount(), /^250 EXAMPLE \(raw 250000000000000000000; 18 decimals from the built-in list/);
    assert.deepEqual(inboxRisks(), []);
    assert.equal(descriptors.searches, searches, 'the new file came from the watcher, not a search');
    assert.ok(descriptors.fileReads > reads, 'the new file was read');
  });

  it('editing the descriptor changes the next summary, without a search, and its own decimals are a risk, never the amount', async () => {
    const descriptors = await api.services.descriptors();
    const searches = descriptors.searches;
    await vscode.workspace.fs.writeFile(file(), encode(descriptorText('Pay', 6)));
    await eventually('the inbox row to read the edited descriptor', () =>
      /^Pay: transfer\(.*amount 250 EXAMPLE\)/.test(inboxLine()) ? true : undefined,
    );
    assert.deepEqual(inboxRisks(), ['Descriptor disagrees with the built-in tokens']);
    await eventually('the review page to read the edited descriptor', () =>
      pageIntent().startsWith('Pay ') ? true : undefined,
    );
    assert.match(pageAmount(), /^250 EXAMPLE \(raw 250000000000000000000; 18 decimals from the built-in list/);
    const detail = await dialogDetail(requests.transfer);
    assert.match(
      detail,
      /amount \(Amount to send\): 250 EXAMPLE \(raw 250000000000000000000; 18 decimals from the built-in list/,
    );
    assert.match(
      detail,
      /The ERC-7730 descriptor clear-signing\/calldata-ExampleToken\.json says the token 0x\w+ is EXAMPLE with 6 decimals; the built-in list of well-known tokens says EXAMPLE with 18 decimals/,
    );
    assert.equal(descriptors.searches, searches, 'an edit reads the file again, and searches nothing');
  });

  it('deleting the descriptor drops it from the summaries', async () => {
    const descriptors = await api.services.descriptors();
    const searches = descriptors.searches;
    await vscode.workspace.fs.delete(file(), { useTrash: false });
    await eventually('the inbox row to go back to the call alone', () =>
      /^transfer\(.*amount 250 EXAMPLE\)/.test(inboxLine()) ? true : undefined,
    );
    assert.deepEqual(inboxRisks(), []);
    await eventually('the review page to drop the intent', () => (pageIntent() === '' ? true : undefined));
    assert.doesNotMatch(await dialogDetail(requests.transfer), /ERC-7730/);
    assert.equal(descriptors.searches, searches, 'a deleted file is dropped, and nothing is searched');
  });

  it('follows a descriptor another program writes and deletes on disk, never opened in the editor', async () => {
    const onDisk = file().fsPath;
    await mkdir(workspaceUri(FOLDER).fsPath, { recursive: true });
    await writeFile(onDisk, descriptorText('Send'));
    await eventually('the inbox row to use the descriptor written on disk', () =>
      /^Send: /.test(inboxLine()) ? true : undefined,
    );
    assert.ok(
      vscode.workspace.textDocuments.every((d) => d.uri.fsPath !== onDisk),
      'the descriptor was never opened',
    );
    await rm(onDisk);
    await eventually('the inbox row to drop the descriptor deleted on disk', () =>
      /^transfer\(/.test(inboxLine()) ? true : undefined,
    );
  });

  it('reads a descriptor of EIP-712 messages named as the registry names them (eip712-*.json)', async () => {
    const never = new vscode.EventEmitter<void>();
    const own = new WorkspaceDescriptors({ debug: () => undefined }, () => undefined, {
      isTrusted: true,
      onDidGrantWorkspaceTrust: never.event,
    });
    const messages = workspaceUri(FOLDER, 'eip712-TestExchange.json');
    try {
      const text = await readFile(fixturePath('clearSigning', 'eip712-test-exchange.json'), 'utf8');
      await vscode.workspace.fs.writeFile(messages, encode(text));
      const read = (await own.read()).filter((d) => d.kind === 'eip712');
      assert.deepEqual(
        read.map((d) => [d.source, d.messages?.map((m) => m.intent)]),
        [[`${FOLDER}/eip712-TestExchange.json`, ['Place an order']]],
      );
    } finally {
      own.dispose();
      never.dispose();
      await vscode.workspace.fs.delete(messages, { useTrash: false }).then(
        () => undefined,
        () => undefined,
      );
    }
  });

  it('reads no descriptor of a workspace that is not trusted, and reads them once trust is granted', async () => {
    const granted = new vscode.EventEmitter<void>();
    const trust: { isTrusted: boolean } & WorkspaceTrust = {
      isTrusted: false,
      onDidGrantWorkspaceTrust: granted.event,
    };
    let changes = 0;
    const untrusted = new WorkspaceDescriptors({ debug: () => undefined }, () => changes++, trust);
    const other = workspaceUri(FOLDER, 'calldata-Untrusted.json');
    try {
      await vscode.workspace.fs.writeFile(other, encode(descriptorText('Send')));
      assert.deepEqual(await untrusted.read(), [], 'an untrusted workspace gives no descriptor');
      assert.equal(untrusted.searches, 0, 'and is not even searched');
      const before = changes;
      trust.isTrusted = true;
      granted.fire();
      assert.ok(changes > before, 'trust granted tells the summaries to read again');
      const read = await untrusted.read();
      assert.deepEqual(
        read.map((d) => [d.source, d.token?.ticker]),
        [[`${FOLDER}/calldata-Untrusted.json`, 'EXAMPLE']],
      );
    } finally {
      untrusted.dispose();
      granted.dispose();
      await vscode.workspace.fs.delete(other, { useTrash: false }).then(
        () => undefined,
        () => undefined,
      );
    }
  });
});
