/**
 * Runs in VS Code's extension host against the local sandbox: "Simulate a Teammate's Request" asks Team, as its
 * second root user, for a Permit2 permit, unlimited and never expiring, and for a signMessage hash; each waits for
 * the first root user's vote, and its review page reads it and raises its flags.
 */
import * as assert from 'node:assert/strict';
import type { SimulatedSignatureRequest } from '../../src/extension/commands/simulateSignatures';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ReviewModel } from '../../src/extension/review/reviewModel';
import type { SandboxOrganization } from '../../src/sandbox';
import { MESSAGE_HASH } from '../support/signatureFixtures';
import { organizationNamed, run } from './hostSupport';
import { sandboxSuiteHooks } from './sandboxProfiles';

describe("a teammate's signatures simulated in Team", function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[] = [];
  sandboxSuiteHooks((a, found) => {
    api = a;
    organizations = found;
  });

  async function simulated(signature: 'permit' | 'messageHash') {
    const request = await run<SimulatedSignatureRequest>(api, 'countersign.simulateTeammateRequest', {
      signature,
      switchProfile: true,
    });
    assert.ok(request);
    const team = organizationNamed(organizations, 'Team');
    assert.equal(request.activity.organizationId, team.organizationId);
    assert.equal(request.activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.ok(api.services.profiles.active()?.id.endsWith(`.${team.users[0]?.userId}`), "Team's first root user");
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', request.activity);
    assert.ok(model);
    return { request, model, rows: model.sections.find((s) => s.id === 'payload')?.rows ?? [] };
  }

  it('a Permit2 permit reads by its fields, flagged unlimited and never expiring', async () => {
    const { request, model, rows } = await simulated('permit');
    assert.match(request.message, /Permit2 permit of Team, unlimited and never expiring/);
    assert.deepEqual(
      model.risks.slice(0, 2).map((risk) => risk.split(':')[0]),
      ['Unlimited permit (Permit2)', 'No expiry'],
      model.risks.join('\n'),
    );
    assert.equal(rows.find((r) => r.label === 'Typed data')?.value, 'PermitSingle (Permit2 permit)');
    assert.match(rows.find((r) => r.label === '  details.token')?.value ?? '', /^USDC \(0x/);
    assert.match(rows.find((r) => r.label === '  details.amount')?.value ?? '', /^unlimited /);
    assert.match(rows.find((r) => r.label === '  details.expiration')?.value ?? '', /\(never\)$/);
  });

  it('a signMessage hash (viem\'s digest of "hello") says it is a hash only', async () => {
    const { request, model, rows } = await simulated('messageHash');
    assert.match(request.message, /sent as its hash only/);
    assert.equal(model.risks[0], 'A hash only: what it signs cannot be read here or by any policy.');
    assert.equal(rows.find((r) => r.label === 'Hash signed')?.value, `0x${MESSAGE_HASH}`);
  });
});
