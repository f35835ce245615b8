// The review page of a wallet export in headless Chromium: the page's script and stylesheet as packaged, fed the
// model the extension builds for an export_wallet that Team's second root user submits to the sandbox, of the
// recovery phrase of "Treasury cold" (two Ethereum accounts and a Solana one) to a key of their own. The risk comes
// first: whoever holds that key controls every account of the wallet; "What it does" says it in the same words.
// Saves the README's screenshot.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/reviewExport.test.js   (UPDATE_SCREENSHOTS=1 also
//   writes media/screenshots/review-export.png)
import * as assert from 'node:assert/strict';
import { p256 } from '@noble/curves/nist.js';
import { decodeEthereumTransaction, decodeRawPayload, summarizeSignature } from '../../src/api/remote';
import type { ReviewModel } from '../../src/extension/review/reviewMessages';
import { buildReviewModel } from '../../src/extension/review/reviewModel';
import { organizationFacts } from '../../src/extension/store/organizationFacts';
import { readWalletBook } from '../../src/extension/store/walletBook';
import { organizationNamer } from '../../src/extension/wording/addressNames';
import { organizationNames } from '../../src/extension/wording/voteDialogWords';
import { startTestSandbox } from '../support/startTestSandbox';
import { ethereumAccount, solanaAccount } from '../support/walletFixtures';
import { factRows, showReviewModel, useReviewPageBrowser } from './packagedReviewPage';
import { saveScreenshot } from './screenshots';

const target = Buffer.from(p256.getPublicKey(p256.utils.randomSecretKey(), false)).toString('hex');
const targetShort = `${target.slice(0, 8)}…${target.slice(-6)}`;

/** The model of the teammate's export, as Team's first root user sees it: read with the organization's wallets. */
async function exportModel(): Promise<ReviewModel> {
  const t = await startTestSandbox();
  try {
    const team = t.organization('Team');
    const organizationId = team.organizationId;
    const [you, teammate] = [0, 1].map((i) => t.clientFor('Team', i));
    assert.ok(you && teammate);
    const creation = await teammate.createWallet({
      organizationId,
      parameters: {
        walletName: 'Treasury cold',
        accounts: [ethereumAccount(0), ethereumAccount(1), solanaAccount(0)],
      },
    });
    await you.approveActivity({ organizationId, parameters: { fingerprint: creation.fingerprint } });
    const created = await you.getActivity({ organizationId, activityId: creation.id });
    const walletId = (created.result['createWalletResult'] as { walletId: string }).walletId;
    const submitted = await teammate.exportWallet({
      organizationId,
      parameters: { walletId, targetPublicKey: target },
    });
    const request = { organizationId };
    // Read as the extension's store reads them: the wallet book, and names through the one namer.
    const [activity, data, book] = await Promise.all([
      you.getActivity({ organizationId, activityId: submitted.id }),
      you.getOrganization(request),
      readWalletBook(you, organizationId),
    ]);
    const facts = organizationFacts(team.users[0]?.userId ?? '', data, book);
    return buildReviewModel({
      activity,
      names: organizationNames(data),
      interfaces: [],
      decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload, signature: summarizeSignature },
      nameOf: organizationNamer(facts.names),
      wallets: book,
      now: t.clock.now(),
    });
  } finally {
    await t.close();
  }
}

describe('the review page of a wallet export, in Chromium', function () {
  this.timeout(60_000);
  const chromium = useReviewPageBrowser();

  it("flags a teammate's export of a recovery phrase first: whoever holds the key controls every account", async () => {
    const model = await exportModel();
    const page = await showReviewModel(chromium.browser, model);

    const risks = page.locator('section#risks');
    await risks.locator('p.note.warning').first().waitFor();
    const sentences = (await risks.locator('p.note.warning').allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(sentences, [
      `⚠ Exports the recovery phrase of wallet "Treasury cold" to key ${targetShort}: whoever holds that key controls every account of the wallet.`,
    ]);
    const rows = await factRows(page, 'call');
    const shown = [...rows].map(([label, value]) => `${label}: ${value}`).join('\n');
    assert.equal(
      rows.get('Does'),
      `Exports the recovery phrase of wallet "Treasury cold" to key ${targetShort}`,
      shown,
    );
    assert.equal(rows.get('Accounts'), '3 accounts', shown);
    assert.equal(rows.get('Encrypted to key'), target, shown);
    await saveScreenshot(page, 'review-export.png');
    await page.close();
  });
});
