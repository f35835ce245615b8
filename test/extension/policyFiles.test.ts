/**
 * Runs in VS Code's extension host against the local sandbox's Treasury organization: a policy file for the
 * sample token written with completion (the argument names after `contract_call_args['`, user ids by name),
 * tried against a small and a large transfer before it is sent, created from its lens command, then matching,
 * differing (Compare) after an edit, updated, and deleted; a policy of the organization opened as a file; and the
 * quick fix of one Problem, linked to it.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/remote';
import { sampleTokenTransfer } from '../support/transactionFixtures';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { PolicyEditorFeatures } from '../../src/extension/policyFiles/policyEditorFeatures';
import type { PolicyTrial } from '../../src/extension/policyFiles/policyEvaluationWords';
import type { PolicyLens } from '../../src/extension/policyFiles/policyLensModel';
import type { SandboxOrganization } from '../../src/sandbox';
import { readFixture } from '../support/fixtures';
import { workspaceUri, writeFile } from './abiFileHelpers';
import { answerPrompt, eventually, failureOf, organizationNamed, run } from './hostSupport';
import { goAhead, sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

const transfer = (tokens: bigint) => sampleTokenTransfer(tokens, 7n);

async function completionLabels(document: vscode.TextDocument, after: string): Promise<string[]> {
  const position = document.positionAt(document.getText().indexOf(after) + after.length);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    document.uri,
    position,
  );
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

async function lensesUntil(
  features: PolicyEditorFeatures,
  document: vscode.TextDocument,
  what: string,
  state: PolicyLens['state'],
): Promise<PolicyLens[]> {
  return eventually(what, async () => {
    const lenses = await features.lenses(document);
    return lenses.some((lens) => lens.state === state) ? lenses : undefined;
  });
}

describe('policy files in the editor', function () {
  this.timeout(120_000);
  let api!: CountersignExtensionApi;
  let organizations!: readonly SandboxOrganization[];
  sandboxSuiteHooks((a, orgs) => {
    api = a;
    organizations = orgs;
  });

  it('writes the ERC-20 cap policy with completion, tries it on a small and a large transfer, creates it, and matches', async () => {
    await useSandboxProfile(api, 'Treasury');
    const treasury = organizationNamed(organizations, 'Treasury');
    const me = treasury.users[0];
    assert.ok(me);
    const features = await api.policyEditor.start();
    const name = `Root transfers below the cap ${Date.now()}`;
    const uri = workspaceUri('policies', `cap-${Date.now()}.policy.json`);
    // As typed so far: the arguments come from the interface registered at the token's address.
    const typing = `{
  "policyName": "${name}",
  "effect": "EFFECT_ALLOW",
  "consensus": "approvers.any(u, u.id == '')",
  "condition": "eth.tx.to == '${SAMPLE_TOKEN_ADDRESS}' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['",
  "notes": "The root user signs small transfers of the sample token alone."
}
`;
    const draft = await writeFile(uri, typing);
    const argumentsOffered = await eventually('the argument names of transfer', async () => {
      const labels = await completionLabels(draft, "contract_call_args['");
      return labels.includes('amount') ? labels : undefined;
    });
    assert.ok(argumentsOffered.includes('to') && !argumentsOffered.includes('spender'));
    const users = await completionLabels(draft, "u.id == '");
    assert.ok(users.includes('Treasury root user') && users.includes('Treasury developer'), users.join(', '));

    const document = await writeFile(
      uri,
      typing
        .replace("u.id == ''", `u.id == '${me.userId}'`)
        .replace("contract_call_args['", "contract_call_args['amount'] < 1000000000000000000000"),
    );
    await features.settled();
    assert.deepEqual(
      features.diagnostics.get(document.uri)?.map((d) => d.message),
      [],
    );
    const absent = await lensesUntil(features, document, 'the Not in the organization lens', 'absent');
    assert.equal(absent[0]?.title, '$(circle-slash) Not in the organization');

    // Treasury's own key signs (its wallets' accounts could too: named, nothing is asked).
    const privateKeyId = treasury.privateKeyIds[0];
    assert.ok(privateKeyId);
    const small = await run<PolicyTrial>(api, 'countersign.evaluatePolicy', {
      uri: uri.toString(),
      unsignedTransaction: transfer(250n),
      privateKeyId,
    });
    assert.equal(small?.decision, 'ALLOW');
    assert.equal(small.outcome, 'OUTCOME_ALLOW');
    const large = await run<PolicyTrial>(api, 'countersign.evaluatePolicy', {
      uri: uri.toString(),
      unsignedTransaction: transfer(5000n),
      privateKeyId,
    });
    assert.notEqual(large?.decision, 'ALLOW');
    assert.equal(large?.outcome, 'OUTCOME_DENY_IMPLICIT');
    assert.ok(
      large.lines.some((line) => line.includes("contract_call_args['amount'] < 1000000000000000000000 → false")),
    );

    const { result: created, shown } = await withModalAnswers<Activity>(
      api,
      goAhead,
      'countersign.createPolicyFromFile',
      absent[0]?.args[0],
    );
    assert.equal(created?.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(shown[0]?.message, `Create policy "${name}"?`);
    const matching = await lensesUntil(features, document, 'the Matches lens', 'matches');
    assert.equal(matching[0]?.title, `$(check) Matches policy "${name}"`);

    const edited = await writeFile(uri, document.getText().replace('alone.', 'alone, below 1000 tokens.'));
    const differing = await lensesUntil(features, edited, 'the Differs lens', 'differs');
    assert.equal(differing[0]?.title, `$(diff) Differs from policy "${name}"`);
    const compared = await run<{ left: vscode.Uri; right: vscode.Uri }>(
      api,
      'countersign.comparePolicyWithFile',
      differing[0]?.args[0],
    );
    assert.ok(compared);
    const left = (await vscode.workspace.openTextDocument(compared.left)).getText();
    const right = (await vscode.workspace.openTextDocument(compared.right)).getText();
    assert.match(left, /"notes": "The root user signs small transfers of the sample token alone\."/);
    assert.match(right, /below 1000 tokens\./);

    const { result: updated } = await withModalAnswers<Activity>(
      api,
      goAhead,
      'countersign.updatePolicyFromFile',
      differing.find((lens) => lens.state === 'update')?.args[0],
    );
    assert.equal(updated?.status, 'ACTIVITY_STATUS_COMPLETED');
    const again = await lensesUntil(features, edited, 'the Matches lens after the update', 'matches');
    // Enter keeps the policy: the first button of an irreversible dialog is harmless.
    const kept = await withModalAnswers<Activity>(
      api,
      (request) => request.buttons[0],
      'countersign.deletePolicyOfFile',
      again.find((lens) => lens.state === 'delete')?.args[0],
    );
    assert.equal(kept.result, undefined, 'Enter deleted nothing');
    assert.deepEqual(kept.shown[0]?.buttons, ['Keep Policy', 'Delete']);
    await lensesUntil(features, edited, 'the Matches lens after Enter', 'matches');
    const { result: deleted } = await withModalAnswers<Activity>(
      api,
      goAhead,
      'countersign.deletePolicyOfFile',
      again.find((lens) => lens.state === 'delete')?.args[0],
    );
    assert.equal(deleted?.status, 'ACTIVITY_STATUS_COMPLETED');
    await lensesUntil(features, edited, 'the Not in the organization lens after the deletion', 'absent');
  });

  it("opens an organization's policy as an untitled policy file whose lens says it matches", async () => {
    await useSandboxProfile(api, 'Treasury');
    const features = await api.policyEditor.start();
    const { policies } = await features.knowledge();
    const developer = policies?.find((p) => p.policyName === 'Developer transfers below the cap');
    assert.ok(developer, 'Treasury has its developer policy');
    const opened = await run<vscode.Uri>(api, 'countersign.openPolicyAsFile', { policyId: developer.policyId });
    assert.equal(opened?.scheme, 'untitled');
    assert.match(opened.path, /developer-transfers-below-the-cap\.policy\.json$/);
    const document = await vscode.workspace.openTextDocument(opened);
    const lenses = await lensesUntil(features, document, 'the Matches lens of the opened policy', 'matches');
    assert.equal(lenses[0]?.title, '$(check) Matches policy "Developer transfers below the cap"');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('tries a pasted transaction with the key named, or the key picked by name where the organization has several', async () => {
    await useSandboxProfile(api, 'Team', 0);
    const team = organizationNamed(organizations, 'Team');
    const me = team.users[0];
    assert.ok(me);
    const data = await (await api.services.store()).organizationData();
    const keyNamed = (name: string) => data?.privateKeys.find((k) => k.privateKeyName === name)?.privateKeyId;
    const reserve = keyNamed('Team reserve key');
    const operations = keyNamed('Team operations key');
    assert.ok(reserve && operations, 'Team has its two Ethereum keys');
    const uri = workspaceUri('policies', `reserve-${Date.now()}.policy.json`);
    await writeFile(
      uri,
      JSON.stringify(
        {
          policyName: `Reserve key signs alone ${Date.now()}`,
          effect: 'EFFECT_ALLOW',
          consensus: `approvers.any(u, u.id == '${me.userId}')`,
          condition: `private_key.id == '${reserve}'`,
        },
        undefined,
        2,
      ),
    );
    const tried = (privateKeyId: string) =>
      run<PolicyTrial>(api, 'countersign.evaluatePolicy', {
        uri: uri.toString(),
        unsignedTransaction: transfer(1n),
        privateKeyId,
      });
    const withReserve = await tried(reserve);
    assert.equal(withReserve?.outcome, 'OUTCOME_ALLOW');
    assert.match(withReserve.lines[0] ?? '', /signed with "Team reserve key"/);
    const withOperations = await tried(operations);
    assert.equal(withOperations?.outcome, 'OUTCOME_DENY_IMPLICIT');
    // Not named: a pick of the keys by name, first by name ("Team operations key"), taken with Enter.
    const picked = await answerPrompt<PolicyTrial>(api, 'quickInput.accept', 'countersign.evaluatePolicy', {
      uri: uri.toString(),
      unsignedTransaction: transfer(1n),
    });
    assert.equal(picked?.outcome, 'OUTCOME_DENY_IMPLICIT');
    assert.match(picked.lines[0] ?? '', /signed with "Team operations key"/);
    const unknown = await failureOf(api, 'countersign.evaluatePolicy', {
      uri: uri.toString(),
      unsignedTransaction: transfer(1n),
      privateKeyId: 'no-such-key',
    });
    assert.match(unknown.message, /No private key or wallet account no-such-key with an Ethereum address/);

    // credentials[] holds the API key the profile signs with: a consensus on its id decides.
    const apiKeyId = me.apiKeys[0]?.apiKeyId;
    assert.ok(apiKeyId);
    await writeFile(
      uri,
      JSON.stringify({
        policyName: `Only my API key ${Date.now()}`,
        effect: 'EFFECT_ALLOW',
        consensus: `credentials.any(c, c.id == '${apiKeyId}' && c.type == 'CREDENTIAL_TYPE_API_KEY_P256')`,
      }),
    );
    assert.equal((await tried(reserve))?.outcome, 'OUTCOME_ALLOW');
  });
  it('offers the quick fix of the Problem asked about, linked to it, and none for the others', async () => {
    await useSandboxProfile(api, 'Treasury');
    const features = await api.policyEditor.start();
    const uri = workspaceUri('policies', `mistakes-${Date.now()}.policy.json`);
    const document = await writeFile(uri, readFixture('policy', 'mistakes.policy.json'));
    const problem = await eventually('the Problem of activity.type with a version', async () => {
      await features.settled();
      return features.diagnostics.get(document.uri)?.find((d) => d.code === 'typeForKind');
    });
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      problem.range,
    );
    // Ours among the actions other extensions offer; the refusal on the first policy has no fix, the tag's
    // name on the second is another Problem's, so neither is offered here.
    const titles = new Set(['Compare activity.kind instead', "Use the id of 'finance'", 'Remove the empty consensus']);
    const ours = actions.filter((action) => titles.has(action.title));
    assert.deepEqual(
      ours.map((action) => action.title),
      ['Compare activity.kind instead'],
    );
    // Where VS Code hands the link back with the action, it is that Problem.
    for (const action of ours)
      if (action.diagnostics)
        assert.deepEqual(
          action.diagnostics.map((d) => d.code),
          ['typeForKind'],
        );
  });
});
