/**
 * Runs in VS Code's extension host against the local sandbox: a teammate's signMessage, sent as viem and ethers send
 * it (the 32-byte digest with HASH_FUNCTION_NO_OP), says in the approve dialog and on the review page that it is a
 * hash only, whose meaning no one can read, and is flagged so; a teammate's Permit2 permit, unlimited and never
 * expiring, reads there by its spender, token, amount and expiry, flagged as unlimited with no expiry.
 */
import * as assert from 'node:assert/strict';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ReviewModel } from '../../src/extension/review/reviewModel';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { SandboxOrganization } from '../../src/sandbox';
import { MESSAGE_HASH, PERMIT2, permit2Single, SPENDER, USDC } from '../support/signatureFixtures';
import { organizationNamed, run } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const HASH_ONLY = 'A hash only: what it signs cannot be read here or by any policy.';
const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;
const UNLIMITED = `Unlimited permit (Permit2): ${short(SPENDER)} may spend every USDC (${short(USDC)}) the key holds, now and later, without any transaction from it.`;
const NO_EXPIRY = 'No expiry: details.expiration is missing or never comes, so what it allows lasts for ever.';
/** The permit's fields by name, as the dialog and the review page show them. */
const PERMIT_FIELDS: readonly (readonly [string, string])[] = [
  ['details.token', `USDC (${USDC})`],
  ['details.amount', `unlimited (raw ${(2n ** 160n - 1n).toString()})`],
  ['details.expiration', `${(2n ** 48n - 1n).toString()} (never)`],
  ['spender', SPENDER],
];

describe('what an approver reads of a signature', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[] = [];
  sandboxSuiteHooks((a, found) => {
    api = a;
    organizations = found;
  });
  let hashed: Activity | undefined;
  let permit: Activity | undefined;

  /** Team's second root user asks Team's key to sign a raw payload, which waits for your vote. */
  async function teammateSigns(payload: string, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL' | 'PAYLOAD_ENCODING_EIP712') {
    await useSandboxProfile(api, 'Team', 0);
    const team = organizationNamed(organizations, 'Team');
    const key = team.users[1]?.apiKeys[0];
    const baseUrl = api.localSandbox.running?.baseUrl;
    assert.ok(key && baseUrl && team.privateKeyIds[0]);
    const teammate = new CountersignClient(
      { baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    try {
      const activity = await teammate.signRawPayload({
        organizationId: team.organizationId,
        parameters: { signWith: team.privateKeyIds[0], payload, encoding, hashFunction: 'HASH_FUNCTION_NO_OP' },
      });
      assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      return activity;
    } finally {
      await teammate.close();
    }
  }

  /** The approve dialog's text, the dialog dismissed: no vote is cast. */
  async function approveDialogOf(activity: Activity): Promise<string> {
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
    return shown[0]?.detail ?? '';
  }

  it("a teammate's signMessage hash waits for your vote in Team", async () => {
    hashed = await teammateSigns(MESSAGE_HASH, 'PAYLOAD_ENCODING_HEXADECIMAL');
  });

  it('the approve dialog says it is a hash only, flagged first', async () => {
    assert.ok(hashed);
    const detail = await approveDialogOf(hashed);
    assert.equal(detail.split('\n')[0], `⚠ ${HASH_ONLY}`, detail);
    assert.ok(detail.includes('Signs a hash only: what it signs cannot be read here or by any policy'), detail);
  });

  it('the review page says so in its risks and its payload', async () => {
    assert.ok(hashed);
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', hashed);
    assert.ok(model);
    assert.equal(model.risks[0], HASH_ONLY);
    const rows = model.sections.find((s) => s.id === 'payload')?.rows ?? [];
    assert.equal(rows.find((r) => r.label === 'Hash signed')?.value, `0x${MESSAGE_HASH}`);
  });

  it("a teammate's Permit2 permit, unlimited and never expiring, waits for your vote in Team", async () => {
    // The signature itself stays valid ten minutes from now, so that only the permit's own expiry is at issue.
    const sigDeadline = String(Math.floor(Date.now() / 1000) + 600);
    permit = await teammateSigns(JSON.stringify(permit2Single({ sigDeadline })), 'PAYLOAD_ENCODING_EIP712');
  });

  it('the approve dialog reads the permit by name, flagged as unlimited with no expiry first', async () => {
    assert.ok(permit);
    const detail = await approveDialogOf(permit);
    assert.deepEqual(detail.split('\n').slice(0, 2), [`⚠ ${UNLIMITED}`, `⚠ ${NO_EXPIRY}`], detail);
    assert.ok(detail.includes('Typed data: PermitSingle (Permit2 permit)'), detail);
    assert.ok(detail.includes(`Domain: "Permit2", Ethereum mainnet (1), Permit2 (${short(PERMIT2)})`), detail);
    for (const [name, value] of PERMIT_FIELDS) assert.ok(detail.includes(`    ${name}: ${value}\n`), detail);
  });

  it('the review page reads the permit by name, flagged as unlimited with no expiry first', async () => {
    assert.ok(permit);
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', permit);
    assert.ok(model);
    assert.deepEqual(model.risks.slice(0, 2), [UNLIMITED, NO_EXPIRY]);
    const rows = model.sections.find((s) => s.id === 'payload')?.rows ?? [];
    assert.equal(rows.find((r) => r.label === 'Typed data')?.value, 'PermitSingle (Permit2 permit)');
    for (const [name, value] of PERMIT_FIELDS) assert.equal(rows.find((r) => r.label === `  ${name}`)?.value, value);
  });
});
