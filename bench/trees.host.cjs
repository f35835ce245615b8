// @ts-check
// Runs inside a real VS Code extension host (given to scripts/runExtensionTests.mjs as the "tests" to run) for
// bench/trees.bench.mjs: the Activities and Organization views of a large organization (and its wallet of
// 10,000 accounts, opened: its first page of accounts and its "Show N more…" row), timed from the moment
// the service's answer arrives to the moment every row of the view is built (getChildren and getTreeItem), the
// part the editor waits for once the network is done. Prints BENCH lines; writes a result so the runner is content.
'use strict';
const assert = require('node:assert/strict');
const { appendFileSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { pathToFileURL } = require('node:url');
const vscode = require('vscode');

const RUNS = 7;
const BUDGET_MS = 50;
/** A wallet opens on at most this many account rows, however many it holds. */
const ACCOUNT_PAGE_MAX = 200;
const PROFILE = 'bench-large';

/**
 * bench/report.mjs, loaded once the host runs the bench (an ES module, from this CommonJS file).
 * @type {typeof import('./report.mjs')}
 */
let report;

/**
 * The rows VS Code builds for a tree's top level: its children, each turned into a TreeItem.
 * @template T
 * @param {import('vscode').TreeDataProvider<T>} provider
 */
async function buildTop(provider) {
  const children = (await provider.getChildren()) ?? [];
  for (const child of children) await provider.getTreeItem(child);
  return children.length;
}

/**
 * Notes when the last answer of these client methods arrived, and how many calls each had.
 * @param {object} client
 * @param {readonly string[]} names
 */
function instrument(client, names) {
  /** @type {{ lastAnswerAt: number, calls: Record<string, number> }} */
  const probe = { lastAnswerAt: 0, calls: Object.fromEntries(names.map((n) => [n, 0])) };
  const methods = /** @type {Record<string, (...args: unknown[]) => Promise<unknown>>} */ (client);
  for (const name of names) {
    const method = methods[name];
    if (!method) throw new Error(`the client has no method ${name}`);
    const original = method.bind(client);
    methods[name] = async (...args) => {
      const result = await original(...args);
      probe.calls[name] = (probe.calls[name] ?? 0) + 1;
      probe.lastAnswerAt = performance.now();
      return result;
    };
  }
  return probe;
}

/**
 * @typedef {{ baseUrl: string, organizationId: string, apiKey: { apiKeyId: string, privateKey: string },
 *   counts: { activities: number, interfaces: number, privateKeys: number, walletAccounts: number } }} LargeOrganization
 */

/**
 * @param {import('../src/extension/extension').CountersignExtensionApi} api
 * @param {LargeOrganization} large
 */
async function measure(api, large) {
  const { services, views } = api;
  // The key goes to the secret scan that runs after this host (scripts/runExtensionTests.mjs).
  if (process.env.COUNTERSIGN_SECRETS_FILE)
    appendFileSync(process.env.COUNTERSIGN_SECRETS_FILE, `${large.apiKey.privateKey}\n`);
  await services.keys.store(PROFILE, large.apiKey.privateKey);
  await services.profiles.add(
    {
      label: 'Large organization',
      baseUrl: large.baseUrl,
      organizationId: large.organizationId,
      apiKeyId: large.apiKey.apiKeyId,
    },
    { id: PROFILE, activate: true },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const session = await services.requireSession();
  const probe = instrument(session.client, [
    'listActivities',
    'listPrivateKeys',
    'listPrivateKeyTags',
    'listSmartContractInterfaces',
    'listWallets',
    'listWalletAccounts',
  ]);
  const pageSize = services.settings().pageSize;

  // Activities: the first page, then "Load more" pages.
  const firstBuild = [];
  const firstTotal = [];
  for (let run = 0; run < RUNS; run++) {
    views.activities.refresh();
    const started = performance.now();
    const rows = await buildTop(views.activities.provider);
    const done = performance.now();
    assert.ok(rows >= pageSize, `the first page has ${rows} rows`);
    firstBuild.push(done - probe.lastAnswerAt);
    firstTotal.push(done - started);
  }
  const moreBuild = [];
  const before = probe.calls.listActivities ?? 0;
  for (let page = 0; page < RUNS; page++) {
    await views.activities.loadMore();
    const rows = await buildTop(views.activities.provider);
    moreBuild.push(performance.now() - probe.lastAnswerAt);
    assert.ok(rows >= (page + 2) * pageSize, `page ${page + 2} shows ${rows} rows`);
  }
  const perLoadMore = ((probe.calls.listActivities ?? 0) - before) / RUNS;

  // Organization: its three lists, every group expanded.
  const orgBuild = [];
  const orgTotal = [];
  let orgRows = 0;
  for (let run = 0; run < RUNS; run++) {
    views.organization.refresh();
    const started = performance.now();
    const top = (await views.organization.provider.getChildren()) ?? [];
    orgRows = top.length;
    for (const group of top) {
      await views.organization.provider.getTreeItem(group);
      for (const row of (await views.organization.provider.getChildren(group)) ?? []) {
        await views.organization.provider.getTreeItem(row);
        orgRows += 1;
      }
    }
    const done = performance.now();
    orgBuild.push(done - probe.lastAnswerAt);
    orgTotal.push(done - started);
  }
  assert.ok(orgRows >= large.counts.privateKeys + large.counts.interfaces, `the Organization view has ${orgRows} rows`);

  // The same view with its wallet opened: its first page of accounts built too, and the row that offers the rest.
  const walletBuild = [];
  let accountRows = 0;
  let moreRows = 0;
  for (let run = 0; run < RUNS; run++) {
    views.organization.refresh();
    const top = (await views.organization.provider.getChildren()) ?? [];
    accountRows = 0;
    moreRows = 0;
    for (const group of top) {
      await views.organization.provider.getTreeItem(group);
      for (const row of (await views.organization.provider.getChildren(group)) ?? []) {
        await views.organization.provider.getTreeItem(row);
        if (row.kind !== 'wallet') continue;
        for (const account of (await views.organization.provider.getChildren(row)) ?? []) {
          await views.organization.provider.getTreeItem(account);
          if (account.kind === 'walletAccount') accountRows += 1;
          else moreRows += 1;
        }
      }
    }
    walletBuild.push(performance.now() - probe.lastAnswerAt);
  }
  assert.ok(accountRows > 0 && accountRows <= ACCOUNT_PAGE_MAX, `the wallet opens on a page: ${accountRows} accounts`);
  assert.equal(moreRows, 1, 'the rest of the accounts is one "Show N more…" row');

  const n = large.counts.activities.toLocaleString('en-US');
  const goal = { max: BUDGET_MS };
  console.log(`Activities view, ${n} activities, page of ${pageSize} (median of ${RUNS}):`);
  report.benchLine(
    `Activities view: first page built after the answer (${n} activities)`,
    report.median(firstBuild),
    'ms',
    undefined,
    goal,
  );
  report.benchLine(`Activities view: first page incl. the request (${n} activities)`, report.median(firstTotal), 'ms');
  report.benchLine(
    `Activities view: Load more page built after the answer (${n} activities)`,
    report.median(moreBuild),
    'ms',
    undefined,
    goal,
  );
  report.benchLine('Activities view: requests per Load more', perLoadMore, 'requests', undefined, { max: 1 });
  const keys = large.counts.privateKeys.toLocaleString('en-US');
  console.log(`Organization view, ${keys} private keys and ${large.counts.interfaces} interfaces, ${orgRows} rows:`);
  report.benchLine(
    `Organization view: built after the answers (${keys} keys, ${large.counts.interfaces} interfaces)`,
    report.median(orgBuild),
    'ms',
    undefined,
    goal,
  );
  report.benchLine(
    `Organization view: incl. the requests (${keys} keys, ${large.counts.interfaces} interfaces)`,
    report.median(orgTotal),
    'ms',
  );
  const accounts = large.counts.walletAccounts.toLocaleString('en-US');
  console.log(`Its wallet of ${accounts} accounts opened: ${accountRows} account rows and one "Show N more…" row:`);
  report.benchLine(
    `Organization view with its wallet open: built after the answers (${accounts} wallet accounts)`,
    report.median(walletBuild),
    'ms',
    { name: 'the same view with the wallet closed', value: report.median(orgBuild) },
    goal,
  );
}

exports.run = async function run() {
  report = await /** @type {Promise<typeof import('./report.mjs')>} */ (
    import(pathToFileURL(path.join(__dirname, 'report.mjs')).href)
  );
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(String(process.env.COUNTERSIGN_BENCH_FILE), 'utf8'));
  const large = /** @type {LargeOrganization} */ (parsed);
  /** @type {import('vscode').Extension<import('../src/extension/extension').CountersignExtensionApi> | undefined} */
  const extension = vscode.extensions.getExtension('countersign.countersign');
  if (!extension) throw new Error('Countersign is not installed in this host.');
  const api = await extension.activate();
  let failed = 0;
  try {
    await measure(api, large);
  } catch (error) {
    failed = 1;
    console.log(`The tree bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await api.services.profiles.remove(PROFILE);
  }
  const resultFile = process.env.VSCODE_TEST_RESULT_FILE;
  if (resultFile)
    writeFileSync(resultFile, JSON.stringify({ passes: 1 - failed, failures: failed, pending: 0, tests: 1 }));
  if (failed) throw new Error('the tree bench failed');
};
