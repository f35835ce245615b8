/**
 * Runs in VS Code's extension host against the local sandbox: a private key tag name the organization already
 * has is refused as it is typed and before anything is sent, not by the service.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import { tagNameValidation } from '../../src/extension/commands/createPrivateKeyTag';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { failureOf, run } from './hostSupport';
import { sandboxSuiteHooks } from './sandboxProfiles';

describe('private key tag names', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  it('the name box flags a name the organization already has, and accepts a new one', () => {
    const validate = tagNameValidation(['treasury', 'ops']);
    assert.match(validate('treasury') ?? '', /already has a tag named "treasury"/);
    assert.match(validate('  ops ') ?? '', /already has a tag named "ops"/);
    assert.equal(validate('payroll'), undefined);
    assert.match(validate('   ') ?? '', /must not be empty/);
  });

  it('a duplicate name is refused before sending: no activity reaches the service', async () => {
    const name = `Duplicate ${Date.now()}`;
    const created = await run<Activity>(api, 'countersign.createPrivateKeyTag', { name, privateKeyIds: [] });
    assert.equal(created?.status, 'ACTIVITY_STATUS_COMPLETED');
    const { client, profile } = await api.services.requireSession();
    const count = async () =>
      (
        await client.listActivities({
          organizationId: profile.organizationId,
          filterByType: ['ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'],
          paginationOptions: { limit: '100' },
        })
      ).length;
    const before = await count();
    const failure = await failureOf(api, 'countersign.createPrivateKeyTag', { name, privateKeyIds: [] });
    assert.match(failure.message, /already has a tag named .*Nothing was sent/);
    assert.equal(await count(), before, 'nothing was submitted');
  });
});
