/**
 * Runs in VS Code's extension host against the local sandbox: a teammate's signMessage, sent as viem and ethers send
 * it (the 32-byte digest with HASH_FUNCTION_NO_OP), says in the approve dialog and on the review page that it is a
 * hash only, whose meaning no one can read, and is flagged so.
 */
import * as assert from 'node:assert/strict';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ReviewModel } from '../../src/extension/review/reviewModel';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { SandboxOrganization } from '../../src/sandbox';
import { MESSAGE_HASH } from '../support/signatureFixtures';
import { organizationNamed, run } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const HASH_ONLY = 'A hash only: what it signs cannot be read here or by any policy.';

describe('what an approver reads of a signature', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[] = [];
  sandboxSuiteHooks((a, found) => {
    api = a;
    organizations = found;
  });
  let hashed: Activity | undefined;

  it("a teammate's signMessage hash waits for your vote in Team", async () => {
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
      hashed = await teammate.signRawPayload({
        organizationId: team.organizationId,
        parameters: {
          signWith: team.privateKeyIds[0],
          payload: MESSAGE_HASH,
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      });
    } finally {
      await teammate.close();
    }
    assert.equal(hashed.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
  });

  it('the approve dialog says it is a hash only, flagged first', async () => {
    assert.ok(hashed);
    const shown: ModalRequest[] = [];
    const answering = api.services.modals.answerWith((request) => {
      shown.push(request);
      return undefined;
    });
    try {
      assert.equal(await run<Activity>(api, 'countersign.approveActivity', hashed), undefined, 'no vote is cast');
    } finally {
      answering.dispose();
    }
    const detail = shown[0]?.detail ?? '';
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
});
