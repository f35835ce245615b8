/**
 * Runs in VS Code's extension host against the local sandbox: Delete Sub-Organization is offered only where the
 * organization is a sub-organization, and a deletion that fails says why, in an error, with the option to tick.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { organizationKind } from '../../src/extension/profiles/organizationKind';
import type { ErrorAction } from '../../src/extension/ui/errorAction';
import type { SandboxOrganization } from '../../src/sandbox';
import { repoRoot } from '../support/fixtures';
import { failureOf, organizationNamed } from './hostSupport';
import { goAhead, runAnswering, useSandboxProfile, withModalAnswers, sandboxSuiteHooks } from './sandboxProfiles';

describe('delete sub-organization, only where it applies', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  let organizations!: readonly SandboxOrganization[];
  sandboxSuiteHooks((a, o) => {
    api = a;
    organizations = o;
  });

  it('is hidden from the palette on a top-level organization and shown on a sub-organization', async () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { menus: Record<string, Array<{ command: string; when?: string }>> };
    };
    const entry = manifest.contributes.menus['commandPalette']?.find(
      (e) => e.command === 'countersign.deleteSubOrganization',
    );
    assert.equal(entry?.when, 'countersign.organizationKind != topLevel');
    // The context key mirrors this (the host offers no reading of context keys).
    const kind = () => organizationKind(api.services.profiles.active());
    await useSandboxProfile(api, 'Team', 0);
    assert.equal(kind(), 'topLevel');
    await useSandboxProfile(api, 'Demo');
    assert.equal(kind(), 'topLevel');
    await useSandboxProfile(api, 'Demo Sub-organization');
    assert.equal(kind(), 'subOrganization');
    assert.equal(organizationKind({}), 'unknown', 'a profile of another service is of unknown kind');
  });

  it('refuses a top-level organization before sending anything', async () => {
    await useSandboxProfile(api, 'Team', 0);
    const { client, profile } = await api.services.requireSession();
    const before = (await client.listActivities({ organizationId: profile.organizationId })).length;
    const failure = await failureOf(api, 'countersign.deleteSubOrganization');
    assert.match(failure.message, /"Local sandbox · Team.*" is a top-level organization, not a sub-organization/);
    assert.equal((await client.listActivities({ organizationId: profile.organizationId })).length, before);
  });

  it("a deletion that fails after the last approval is an error with the service's reason, not a toast", async () => {
    const team = organizationNamed(organizations, 'Team');
    await useSandboxProfile(api, 'Team', 0);
    // Submitted past the command's check, as another client could.
    const { client } = await api.services.requireSession();
    const submitted = await client.deleteSubOrganization({
      organizationId: team.organizationId,
      parameters: { deleteWithoutExport: false },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await useSandboxProfile(api, 'Team', 1);
    const { failures } = await runAnswering(api, goAhead, 'countersign.approveActivity', { activityId: submitted.id });
    const failure = failures[0];
    assert.ok(failure, 'the approval reported a failure');
    assert.match(failure.message, /^Approved, but "Delete sub-organization" failed: .*not a sub-organization/);
    assert.doesNotMatch(failure.message, /ACTIVITY_STATUS_FAILED/);
  });

  it('refused over unexported keys: names the option to tick, not the API field, and offers a retry with it', async () => {
    await useSandboxProfile(api, 'Demo Sub-organization');
    const sub = organizationNamed(organizations, 'Demo Sub-organization');
    // The user types the organization's id and presses Enter on the options, leaving the tick box clear.
    const { failures } = await runAnswering(
      api,
      (r) => (r.buttons.length === 0 ? sub.organizationId : goAhead(r)),
      'countersign.deleteSubOrganization',
    );
    const failure = failures[0];
    assert.ok(failure, 'the deletion was refused');
    assert.match(
      failure.message,
      /holds 1 private key that has not been exported\. To delete it anyway, losing it, tick "Delete even if private keys or wallets were never exported"/,
    );
    assert.doesNotMatch(failure.message, /deleteWithoutExport/);
    const action = (failure.error as { action?: ErrorAction }).action;
    assert.equal(action?.title, 'Retry Without Export…');
    assert.equal(action.command, 'countersign.deleteSubOrganization');
    // The retry asks only the warning about lost keys; cancelling it sends nothing.
    const { result, shown } = await withModalAnswers(api, () => undefined, action.command, ...action.args);
    assert.equal(result, undefined);
    assert.deepEqual(
      shown.map((s) => s.message),
      ['Delete without exporting the keys?'],
    );
    assert.ok(organizationNamed(organizations, 'Demo Sub-organization'), 'the sub-organization is still there');
  });
});
