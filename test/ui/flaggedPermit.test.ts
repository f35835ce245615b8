// The review page of a flagged permit in headless Chromium: the page's script and stylesheet as packaged, fed the
// model the extension builds for a raw payload that Team's second root user submits to the sandbox: a Permit2
// PermitSingle of every USDC the key holds, whose allowance never expires. The risks come first, unlimited then no
// expiry; the payload's rows read the spender, the token, the amount and the expiry by name. Saves the README's
// screenshot.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/flaggedPermit.test.js   (UPDATE_SCREENSHOTS=1 also
//   writes media/screenshots/flagged-permit.png)
import * as assert from 'node:assert/strict';
import { decodeEthereumTransaction, decodeRawPayload, summarizeSignature } from '../../src/api/remote';
import type { ReviewModel } from '../../src/extension/review/reviewMessages';
import { buildReviewModel } from '../../src/extension/review/reviewModel';
import { organizationNames } from '../../src/extension/wording/voteDialogWords';
import { permit2Single, SPENDER, USDC } from '../support/signatureFixtures';
import { startTestSandbox } from '../support/startTestSandbox';
import { factRows, showReviewModel, useReviewPageBrowser } from './packagedReviewPage';
import { saveScreenshot } from './screenshots';

const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

/** The model of the teammate's permit, as Team's first root user sees it: read with the signature's decoder. */
async function permitModel(): Promise<ReviewModel> {
  const t = await startTestSandbox();
  try {
    const team = t.organization('Team');
    const organizationId = team.organizationId;
    const [you, teammate] = [0, 1].map((i) => t.clientFor('Team', i));
    assert.ok(you && teammate);
    // The signature itself may be used for ten minutes; the allowance it carries never expires.
    const sigDeadline = String(Math.floor(t.clock.now() / 1000) + 600);
    const submitted = await teammate.signRawPayload({
      organizationId,
      parameters: {
        signWith: team.privateKeyIds[0] ?? '',
        payload: JSON.stringify(permit2Single({ sigDeadline })),
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    });
    const request = { organizationId };
    const [activity, data, interfaces] = await Promise.all([
      you.getActivity({ organizationId, activityId: submitted.id }),
      you.getOrganization(request),
      you.listSmartContractInterfaces(request),
    ]);
    return buildReviewModel({
      activity,
      names: organizationNames(data),
      interfaces,
      decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload, signature: summarizeSignature },
      now: t.clock.now(),
    });
  } finally {
    await t.close();
  }
}

describe('the review page of a flagged permit, in Chromium', function () {
  this.timeout(60_000);
  const chromium = useReviewPageBrowser();

  it("flags a teammate's unlimited, never-expiring Permit2 permit first and reads its spender, token, amount and expiry", async () => {
    const model = await permitModel();
    const page = await showReviewModel(chromium.browser, model);

    const risks = page.locator('section#risks');
    await risks.locator('p.note.warning').first().waitFor();
    const sentences = (await risks.locator('p.note.warning').allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(
      sentences.slice(0, 2),
      [
        `⚠ Unlimited permit (Permit2): ${short(SPENDER)} may spend every USDC (${short(USDC)}) the key holds, now and later, without any transaction from it.`,
        '⚠ No expiry: details.expiration is missing or never comes, so what it allows lasts for ever.',
      ],
      sentences.join('\n'),
    );
    // The payload's rows: each field by name, the token named, the amount and the expiry in words.
    const rows = await factRows(page, 'payload');
    const shown = [...rows].map(([label, value]) => `${label}: ${value}`).join('\n');
    assert.equal(rows.get('spender'), SPENDER, shown);
    assert.equal(rows.get('details.token'), `USDC (${USDC})`, shown);
    assert.match(rows.get('details.amount') ?? '', /^unlimited/, shown);
    assert.match(rows.get('details.expiration') ?? '', /\(never\)$/, shown);
    await saveScreenshot(page, 'flagged-permit.png');
    await page.close();
  });
});
