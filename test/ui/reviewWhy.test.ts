// The review page's "Why it waits" in headless Chromium: the page's script and stylesheet as packaged, fed the
// model the extension builds for a large transfer of the sandbox's Treasury (its real policies, users, tags and
// evaluation). The policy that waits comes first, in names, its unmet consensus marked, each tag's id named beside
// it, with a legend and a sentence per clause, the expression behind "Show expression"; its button names that
// policy and nothing else. Saves the README's screenshot.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/reviewWhy.test.js   (UPDATE_SCREENSHOTS=1 also
//   writes media/screenshots/review-why.png)
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  decodeEthereumTransaction,
  decodeRawPayload,
  encodeFunctionCall,
  serializeUnsignedTransaction,
} from '../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/sampleToken';
import type { PageMessage, ReviewModel, ReviewViewMessage } from '../../src/extension/review/reviewMessages';
import { buildReviewModel } from '../../src/extension/review/reviewModel';
import { reviewWhy } from '../../src/extension/review/reviewWhy';
import { whyContext } from '../../src/extension/review/whyContext';
import { activityStanding, lastOutcomes, votersOf } from '../../src/extension/wording/policyStanding';
import { standingNames, standingWords } from '../../src/extension/wording/standingText';
import { organizationNames } from '../../src/extension/wording/voteDialogWords';
import { TREASURY_TRANSFER_CAP } from '../../src/sandbox/treasurySeed';
import { startTestSandbox } from '../support/startTestSandbox';
import { PAGE_WORDS } from '../support/viewMarkup';
import { showReviewModel, useReviewPageBrowser } from './packagedReviewPage';
import { saveScreenshot } from './screenshots';

/** The model of a transfer of three times the cap, submitted by the first finance approver, as the second sees it. */
async function treasuryModel(): Promise<ReviewModel> {
  const t = await startTestSandbox();
  try {
    const treasury = t.organization('Treasury');
    const organizationId = treasury.organizationId;
    const [root, approver1, approver2] = [0, 1, 2].map((i) => t.clientFor('Treasury', i));
    assert.ok(root && approver1 && approver2);
    const submitted = await approver1.signTransaction({
      organizationId,
      parameters: {
        signWith: treasury.privateKeyIds[0] ?? '',
        unsignedTransaction: serializeUnsignedTransaction({
          chainId: 1,
          nonce: 7n,
          to: SAMPLE_TOKEN_ADDRESS,
          gas: 100_000n,
          maxFeePerGas: 2_000_000_000n,
          maxPriorityFeePerGas: 1_000_000n,
          data: encodeFunctionCall('function transfer(address to, uint256 amount)', [
            '0x52908400098527886E0F7030069857D2E4169EE7',
            TREASURY_TRANSFER_CAP * 3n,
          ]),
        }),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    const activity = await approver2.getActivity({ organizationId, activityId: submitted.id });
    const request = { organizationId };
    const [data, policies, users, userTags, privateKeyTags, interfaces, records, me] = await Promise.all([
      root.getOrganization(request),
      root.listPolicies(request),
      root.listUsers(request),
      root.listUserTags(request),
      root.listPrivateKeyTags(request),
      root.listSmartContractInterfaces(request),
      root.getPolicyEvaluations({ organizationId, activityId: activity.id }),
      approver2.whoami(request),
    ]);
    const governance = { policies, users, userTags };
    const standing = activityStanding({
      activity,
      outcomes: lastOutcomes(records),
      governance,
      quorum: { threshold: data.rootQuorum.threshold, rootUserIds: data.rootQuorum.userIds },
      ...votersOf(activity.votes),
    });
    const names = standingNames({ ...governance, privateKeyTags, privateKeys: data.privateKeys }, me.userId);
    return buildReviewModel({
      activity,
      names: organizationNames(data),
      interfaces,
      decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload },
      why: {
        section: reviewWhy(standing, names, {
          context: whyContext(activity, interfaces, data.privateKeys, new Date()),
        }),
        progress: standingWords(standing, names).summary,
      },
    });
  } finally {
    await t.close();
  }
}

describe('the review page says why it waits, in Chromium', function () {
  this.timeout(60_000);
  const chromium = useReviewPageBrowser();
  let page: Page;

  it('names the policy it waits for and whose approvals complete it, marks the unmet consensus, and opens that policy', async () => {
    const model = await treasuryModel();
    const why = model.why;
    assert.ok(why, 'the model says why it waits');
    page = await showReviewModel(chromium.browser, model);

    const section = page.locator('section#why');
    await section.locator('h2', { hasText: 'Why it waits' }).waitFor();
    const first = section.locator('li.policy').first();
    assert.equal(
      (await first.locator('.outcome').innerText()).trim(),
      'Policy "Large transfers need two finance approvals": 1 of 2 approvals from finance (Treasury approver 1 approved; you can approve)',
    );
    // What the marks' colours mean, then a sentence per clause, each after whether it holds.
    assert.equal(
      (await section.locator('p.legend').innerText()).trim(),
      'Outlined green: holds Outlined orange: does not hold (yet)',
    );
    const clauses = (await first.locator('li.clause').allInnerTexts()).map((text) => text.trim());
    assert.ok(clauses.includes('applies amount is 3,000 EXAMPLE, at least 1,000 EXAMPLE'), clauses.join('\n'));
    assert.ok(
      clauses.includes(
        'not yet needs 2 approvals from users tagged finance: 1 so far (Treasury approver 1); you can approve',
      ),
      clauses.join('\n'),
    );
    // The expression as written is one click away.
    const expressions = first.locator('details.expressions');
    assert.equal(await expressions.getAttribute('open'), null, 'closed until asked for');
    await expressions.locator('summary', { hasText: 'Show expression' }).click();
    await first.locator('code mark.unmet').waitFor();
    assert.match(await first.locator('code mark.unmet').innerText(), /^approvers\.filter\(u, u\.tags\.contains\('/);
    assert.equal(await first.locator('code mark.met').count(), 1, 'the condition held');
    // The finance tag's id is named right after it, as text; the code still reads as the service has it.
    const financeName = first.locator('code mark.unmet bdi.id-name');
    assert.equal(await financeName.innerText(), 'finance');
    assert.equal(await financeName.getAttribute('title'), 'finance (user tag)');
    const consensus = first.locator('code').nth(1);
    const written = await consensus.evaluate((code) => {
      const copy = code.cloneNode(true) as Element;
      copy.querySelectorAll('.id-name').forEach((name) => name.remove());
      return copy.textContent;
    });
    assert.equal(written, why.policies[0]?.expressions[1]?.text);
    // A new view (the extension's next reading) keeps the expression the reader opened open.
    const redrawn: ReviewViewMessage = {
      type: 'view',
      view: { kind: 'review', model: { ...model, progress: 'Redrawn' } },
      words: PAGE_WORDS,
      locale: 'en',
    };
    await page.evaluate(`window.postMessage(${JSON.stringify(redrawn)}, '*')`);
    await page.locator('header p.progress', { hasText: 'Redrawn' }).waitFor();
    assert.equal(await expressions.getAttribute('open'), '', 'still open after a new view');
    const hotPolicy = section.locator('li.policy').nth(2);
    await hotPolicy.locator('summary').click();
    const hot = hotPolicy.locator('bdi.id-name');
    assert.equal(await hot.innerText(), 'hot', "the hot keys' tag is named too");
    assert.match(
      await section.locator('p.quorum').innerText(),
      /^Root quorum: 0 of 1 \(Treasury root user can approve\)$/,
    );
    await page.evaluate("document.getElementById('why').scrollIntoView()");
    await saveScreenshot(page, 'review-why.png');

    await first.locator('button[data-action="openPolicy"]').click();
    await page.waitForFunction('window.posted.length === 2');
    const posted = await page.evaluate<PageMessage[]>('window.posted');
    assert.deepEqual(posted[1], { type: 'openPolicy', policyId: why.policies[0]?.policyId });
    await page.close();
  });
});
