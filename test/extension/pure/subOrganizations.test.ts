/**
 * The Organization view's sub-organizations, in Node against the real sandbox: the store's reads (the list with
 * each one's name and users, what one holds: wallets with their accounts and policies, read again once marked
 * stale) and the rows they become (Wallets, Users, Policies, read-only).
 */
import * as assert from 'node:assert/strict';
import { ApiKeyStamper, CountersignClient } from '../../../src/api/remote';
import { SubOrganizationReads } from '../../../src/extension/store/subOrganizationReads';
import type { GroupElement, SubOrganizationElement } from '../../../src/extension/views/treeElements';
import { partDescription, subOrganizationParts } from '../../../src/extension/views/subOrganizationRows';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';
import { createSubOrganization, type MadeSubOrganization } from '../../support/subOrganizationFixtures';
import { ethereumAccount, solanaAccount } from '../../support/walletFixtures';

describe('sub-organizations in the Organization view: the reads and the rows', function () {
  this.timeout(60_000);
  let t: TestSandbox;
  let client: CountersignClient;
  let parentId: string;
  let made: MadeSubOrganization;
  const NAME = 'Acme end user *7*';

  before(async () => {
    t = await startTestSandbox();
    parentId = t.organization('Demo').organizationId;
    client = t.clientFor('Demo');
    made = await createSubOrganization(client, parentId, NAME, {
      rootUserName: 'Alice',
      wallet: { walletName: 'Default', accounts: [ethereumAccount(0), ethereumAccount(1), solanaAccount(0)] },
    });
    // The sub-organization's own root user writes a policy there (the parent only reads).
    const own = new CountersignClient(
      { baseUrl: t.baseUrl },
      new ApiKeyStamper({ apiPublicKey: made.apiKey.publicKey, apiPrivateKey: made.apiKey.privateKey }),
    );
    try {
      const created = await own.createPolicy({
        organizationId: made.subOrganizationId,
        parameters: {
          policyName: 'Alice approves',
          effect: 'EFFECT_ALLOW',
          condition: 'true',
          consensus: `approvers.any(user, user.id == '${made.rootUserId}')`,
          notes: '',
        },
      });
      assert.equal(created.status, 'ACTIVITY_STATUS_COMPLETED');
    } finally {
      await own.close();
    }
  });
  after(async () => {
    await client.close();
    await t.close();
  });

  it('lists the sub-organizations with their names and users, and a new one only once marked stale', async () => {
    const reads = new SubOrganizationReads();
    const list = await reads.list(0, parentId, client);
    const entry = list.entries.find((e) => e.organizationId === made.subOrganizationId);
    assert.equal(entry?.name, NAME);
    assert.deepEqual(
      entry.users.map((u) => u.userName),
      ['Alice'],
    );
    assert.ok(
      list.entries.some((e) => e.name === 'Demo Sub-organization'),
      'the seeded one too',
    );
    assert.equal(list.more, false);
    const later = await createSubOrganization(client, parentId, 'Made later');
    assert.equal(await reads.list(0, parentId, client), list, 'kept until marked stale');
    reads.markStale();
    const again = await reads.list(0, parentId, client);
    assert.ok(again.entries.some((e) => e.organizationId === later.subOrganizationId && e.name === 'Made later'));
  });

  it('reads what one holds and makes it Wallets (with accounts), Users and Policies', async () => {
    const reads = new SubOrganizationReads();
    const entry = (await reads.list(0, parentId, client)).entries.find(
      (e) => e.organizationId === made.subOrganizationId,
    );
    assert.ok(entry);
    const contents = await reads.contents(0, made.subOrganizationId, client);
    const group: GroupElement = {
      kind: 'group',
      id: 'countersign.organization/subOrganizations',
      group: 'subOrganizations',
      organizationId: parentId,
      count: 1,
    };
    const element: SubOrganizationElement = {
      kind: 'subOrganization',
      id: `${group.id}/${entry.organizationId}`,
      organizationId: parentId,
      subOrganizationId: entry.organizationId,
      name: entry.name,
      users: entry.users,
      parent: group,
    };
    const [wallets, users, policies] = subOrganizationParts(element, contents);
    assert.ok(wallets && users && policies);
    assert.deepEqual(
      wallets.rows.map((row) => [row.label, row.description]),
      [['Default', '3 accounts · never exported']],
    );
    const accounts = wallets.rows[0]?.children ?? [];
    assert.deepEqual(
      accounts.map((row) => row.label),
      ['account 0', 'account 1', 'account 0'],
    );
    assert.deepEqual(
      accounts.map((row) => row.description.split(' · ')[1]),
      made.wallet?.addresses,
    );
    assert.equal(accounts[0]?.parent, wallets.rows[0], 'an account row walks up to its wallet');
    assert.equal(wallets.rows[0]?.parent, wallets, 'a wallet row walks up to its part');
    assert.deepEqual(
      users.rows.map((row) => [row.label, row.description]),
      [['Alice', 'no passkey']],
    );
    assert.deepEqual(
      policies.rows.map((row) => [row.label, row.description]),
      [['Alice approves', 'Allows when Alice approves']],
    );
    assert.equal(partDescription(wallets), '1');
  });

  it('says "none" for a part with nothing in it, and a failed read throws rather than reads as empty', async () => {
    const reads = new SubOrganizationReads();
    const bare = await createSubOrganization(client, parentId, 'Bare');
    const contents = await reads.contents(0, bare.subOrganizationId, client);
    assert.deepEqual(contents.wallets, []);
    const group = { kind: 'group', id: 'g', group: 'subOrganizations', organizationId: parentId, count: 1 } as const;
    const element: SubOrganizationElement = {
      kind: 'subOrganization',
      id: 'g/bare',
      organizationId: parentId,
      subOrganizationId: bare.subOrganizationId,
      name: 'Bare',
      users: [],
      parent: group,
    };
    const [wallets] = subOrganizationParts(element, contents);
    assert.ok(wallets);
    assert.equal(partDescription(wallets), 'none');
    // Another top-level organization is no sub-organization of Demo: its read is refused, and nothing is kept.
    const team = t.organization('Team').organizationId;
    await assert.rejects(reads.contents(0, team, client));
  });
});
