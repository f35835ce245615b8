/**
 * The wallet book the store reads: every wallet with every account, across pages of the real sandbox's
 * list_wallet_accounts, and the names the organization's facts give each address (`Wallet · account N`).
 */
import * as assert from 'node:assert/strict';
import { CountersignClient } from '../../../src/api/remote';
import { organizationFacts } from '../../../src/extension/store/organizationFacts';
import { accountLabel, ownedAccount, readWalletBook } from '../../../src/extension/store/walletBook';
import { startRecordingRelay, type RecordingRelay } from '../../support/recordingRelay';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';
import { createWallet, ethereumAccount, solanaAccount } from '../../support/walletFixtures';

describe('the wallet book: wallets with every account, each address named', function () {
  this.timeout(60_000);
  let t: TestSandbox;
  let relay: RecordingRelay;
  let client: CountersignClient;
  let organizationId: string;
  before(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Demo').organizationId;
    relay = await startRecordingRelay(t.baseUrl);
    client = new CountersignClient({ baseUrl: relay.url }, t.stamperFor('Demo'), { maxAttempts: 1 });
  });
  after(async () => {
    await client.close();
    relay.close();
    await t.close();
  });

  it('reads 250 accounts over three pages and names each by its wallet and index', async () => {
    const hot = await createWallet(client, organizationId, 'Treasury hot', [ethereumAccount(0), solanaAccount(0)]);
    const many = Array.from({ length: 100 }, (_, i) => ethereumAccount(i));
    const cold = await createWallet(client, organizationId, 'Treasury cold', many);
    for (const start of [100, 200]) {
      const accounts = Array.from({ length: start === 200 ? 48 : 100 }, (_, i) => ethereumAccount(start + i));
      const added = await client.createWalletAccounts({
        organizationId,
        parameters: { walletId: cold.walletId, accounts },
      });
      assert.equal(added.status, 'ACTIVITY_STATUS_COMPLETED');
    }
    const before = relay.requests.length;

    const book = await readWalletBook(client, organizationId);

    const pages = relay.requests.slice(before).filter((r) => r.path.endsWith('/list_wallet_accounts'));
    assert.equal(pages.length, 3, 'three pages of 100 for 250 accounts');
    assert.ok(book.listedAll);
    const names = book.wallets.map((w) => [w.wallet.walletName, w.accounts.length]);
    assert.deepEqual(
      names.filter(([n]) => String(n).startsWith('Treasury')),
      [
        ['Treasury hot', 2],
        ['Treasury cold', 248],
      ],
    );
    const last = cold.addresses[99];
    assert.ok(last);
    assert.equal(ownedAccount(book, last)?.name, 'Treasury cold · account 99');
    assert.equal(ownedAccount(book, last.toLowerCase())?.name, 'Treasury cold · account 99', 'hex is case-blind');
    const solana = hot.addresses[1];
    assert.ok(solana);
    assert.equal(ownedAccount(book, solana)?.name, 'Treasury hot · account 0');

    const data = await client.getOrganization({ organizationId });
    const facts = organizationFacts('', data, book);
    assert.equal(facts.names.get(last.toLowerCase()), 'Treasury cold · account 99');
    assert.equal(facts.names.get(hot.walletId), 'Treasury hot');
  });

  it('labels an account by its name, else by the short form of its path, else by the path', () => {
    assert.equal(accountLabel({ path: "m/44'/60'/0'/0/7" }), 'account 7');
    assert.equal(accountLabel({ path: "m/44'/501'/3'/0'" }), 'account 3');
    assert.equal(accountLabel({ path: "m/44'/60'/0'/0/7", name: 'Payroll' }), 'Payroll');
    assert.equal(accountLabel({ path: "m/84'/0'/0'/1/2" }), "m/84'/0'/0'/1/2");
  });
});
