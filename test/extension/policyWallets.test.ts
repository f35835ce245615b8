/**
 * Runs in VS Code's extension host against the local sandbox's Treasury organization: a wallet made in the sandbox
 * is offered by its name after `wallet.id == '` in a real policy document (and its account as `Wallet · account 0`
 * after `wallet_account.address == '`), a wallet id compared with an account's address is a Problem whose quick fix
 * compares `wallet.id`, and Evaluate Policy Against Activity on a signing by the wallet's account gives the outcome
 * the sandbox recorded for the same policy.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { PolicyTrial } from '../../src/extension/policyFiles/policyEvaluationWords';
import type { SandboxOrganization } from '../../src/sandbox';
import { treasuryTransfer } from '../support/treasuryFixtures';
import { ethereumAccount } from '../support/walletFixtures';
import { workspaceUri, writeFile } from './abiFileHelpers';
import { eventually, organizationNamed, run } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const ROOT = 0;
const DEVELOPER = 3;

async function completionLabels(document: vscode.TextDocument, after: string): Promise<string[]> {
  const position = document.positionAt(document.getText().indexOf(after) + after.length);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    document.uri,
    position,
  );
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

describe('policy files know wallets', function () {
  this.timeout(120_000);
  let api!: CountersignExtensionApi;
  let treasury!: SandboxOrganization;
  sandboxSuiteHooks((a, organizations) => {
    api = a;
    treasury = organizationNamed(organizations, 'Treasury');
  });

  const clients: CountersignClient[] = [];
  after(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  /** A client of the sandbox stamped by Treasury's user at `index`, whatever profile is active. */
  function clientAs(index: number): CountersignClient {
    const key = treasury.users[index]?.apiKeys[0];
    const baseUrl = api.localSandbox.running?.baseUrl;
    assert.ok(key && baseUrl, `Treasury has a user ${index} with a key, and the sandbox runs`);
    const client = new CountersignClient(
      { baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    clients.push(client);
    return client;
  }

  it('offers a wallet made in the sandbox by its name, fixes a wallet id compared with an address, and Evaluate on its signing gives the sandbox outcome', async () => {
    await useSandboxProfile(api, 'Treasury');
    const { organizationId } = treasury;
    const walletName = `Host wallet ${Date.now()}`;
    const made = await clientAs(ROOT).createWallet({
      organizationId,
      parameters: { walletName, accounts: [ethereumAccount(0)] },
    });
    assert.equal(made.status, 'ACTIVITY_STATUS_COMPLETED');
    const { walletId, addresses } = made.result?.['createWalletResult'] as { walletId: string; addresses: string[] };
    const address = addresses[0] ?? '';
    // Made outside this window: the store hears of it as from another teammate.
    (await api.services.store()).markStale('organization');
    const features = await api.policyEditor.start();

    const uri = workspaceUri('policies', `wallet-${Date.now()}.policy.json`);
    const typing = `{
  "policyName": "${walletName} signs",
  "effect": "EFFECT_ALLOW",
  "condition": "activity.action == 'SIGN' && wallet.id == '",
  "notes": ""
}
`;
    const draft = await writeFile(uri, typing);
    const wallets = await eventually('the new wallet offered by its name', async () => {
      const labels = await completionLabels(draft, "wallet.id == '");
      return labels.includes(walletName) ? labels : undefined;
    });
    assert.ok(!wallets.includes(walletId), 'the wallet shows as its name, not its id');
    const accountDraft = await writeFile(uri, typing.replace("wallet.id == '", "wallet_account.address == '"));
    const accounts = await completionLabels(accountDraft, "wallet_account.address == '");
    assert.ok(accounts.includes(`${walletName} · account 0`), accounts.join(', '));

    // The wallet's id where an address is compared: a Problem, and its quick fix compares wallet.id.
    const mistaken = await writeFile(uri, typing.replace("wallet.id == '", `wallet_account.address == '${walletId}'`));
    await features.settled();
    const problem = await eventually('the wallet id Problem', async () => {
      await features.settled();
      return features.diagnostics.get(mistaken.uri)?.find((d) => d.code === 'walletIdForAddress');
    });
    assert.match(problem.message, new RegExp(`id of the wallet "${walletName}", not an account's address`));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      mistaken.uri,
      problem.range,
    );
    const fix = actions.find((action) => action.title === 'Compare wallet.id instead');
    assert.ok(fix?.edit, 'a quick fix for the Problem');
    await vscode.workspace.applyEdit(fix.edit);
    const condition = `activity.action == 'SIGN' && wallet.id == '${walletId}'`;
    assert.ok(mistaken.getText().includes(`"condition": "${condition}"`), mistaken.getText());
    await mistaken.save();

    // The same policy in the organization decides a signing by the wallet's account, for a user it governs.
    await clientAs(ROOT).createPolicy({
      organizationId,
      parameters: { policyName: `${walletName} signs`, effect: 'EFFECT_ALLOW', condition, notes: '' },
    });
    const signed = await clientAs(DEVELOPER).signTransaction({
      organizationId,
      parameters: {
        signWith: address,
        unsignedTransaction: treasuryTransfer(1n, 9n),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    assert.equal(signed.status, 'ACTIVITY_STATUS_COMPLETED');
    const evaluations = await clientAs(ROOT).getPolicyEvaluations({ organizationId, activityId: signed.id });
    const policies = await clientAs(ROOT).listPolicies({ organizationId });
    const policyId = policies.find((p) => p.policyName === `${walletName} signs`)?.policyId;
    const sandboxOutcome = evaluations.at(-1)?.policyEvaluations.find((e) => e.policyId === policyId)?.outcome;
    assert.equal(sandboxOutcome, 'OUTCOME_ALLOW');

    (await api.services.store()).markStale('organization');
    const trial = await run<PolicyTrial>(api, 'countersign.evaluatePolicy', {
      uri: uri.toString(),
      activityId: signed.id,
    });
    assert.equal(trial?.outcome, sandboxOutcome);
    assert.equal(trial.decision, 'ALLOW');
  });
});
