/**
 * The l10n bundle VS Code translates from (package.json's "l10n"): it holds every message of the sources, as
 * `npm run l10n` (@vscode/l10n-dev's export) writes it, so that a message added without re-exporting fails here
 * rather than ship untranslatable.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../../support/fixtures';
import { byCount } from '../../../src/extension/wording/plural';

const bundlePath = path.join(repoRoot, 'l10n', 'bundle.l10n.json');

/** What `npm run l10n` would write now, read from a fresh export into a folder of its own. */
function exportedNow(): Record<string, unknown> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'countersign-l10n-'));
  try {
    const cli = path.join(path.dirname(require.resolve('@vscode/l10n-dev')), 'cli.js');
    const run = spawnSync(process.execPath, [cli, 'export', '--outDir', outDir, './src/extension'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 50_000,
    });
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    return JSON.parse(readFileSync(path.join(outDir, 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

describe('l10n bundle', function () {
  this.timeout(60_000);

  it('is the one the manifest names, and is up to date with the sources (npm run l10n)', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { l10n?: string };
    assert.equal(manifest.l10n, './l10n');
    const committed = JSON.parse(readFileSync(bundlePath, 'utf8')) as Record<string, unknown>;
    assert.deepEqual(
      committed,
      exportedNow(),
      'l10n/bundle.l10n.json is out of date with the sources: run "npm run l10n"',
    );
  });

  it("holds each command's whole failure sentence and the messages of the pure modules", () => {
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as Record<string, unknown>;
    for (const message of [
      'Countersign: could not approve the activity.',
      'Countersign: could not reject the activity with a passkey.',
      '{0} was given a malformed "{1}" argument, so it did nothing.',
      // From the pure modules (wording/), which call @vscode/l10n themselves.
      'Consensus needed',
      ', or ',
    ]) {
      assert.equal(bundle[message], message, message);
    }
    assert.equal(bundle['Countersign: could not {0}.'], undefined, 'no failure sentence is built from a fragment');
  });

  it('writes no plural as "(s)": a count has a singular and a plural message, chosen by its plural rule', () => {
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as Record<string, unknown>;
    const halfPlurals = Object.keys(bundle).filter((message) => /\w\(s\)/.test(message));
    assert.deepEqual(halfPlurals, []);
    for (const [one, other] of [
      [
        'Register this ABI ({0} warning: see the Problems panel)',
        'Register this ABI ({0} warnings: see the Problems panel)',
      ],
      ['{0} tag already', '{0} tags already'],
    ]) {
      assert.equal(bundle[one as string], one);
      assert.equal(bundle[other as string], other);
    }
  });

  it('picks the singular by the display language: "1 warning" in English, 0 and 1 in French', () => {
    assert.deepEqual(
      [0, 1, 2].map((count) => byCount(count, 'one', 'other')),
      ['other', 'one', 'other'],
    );
    assert.deepEqual(
      [0, 1, 2].map((count) => byCount(count, 'one', 'other', 'fr')),
      ['one', 'one', 'other'],
    );
    assert.equal(byCount(1, 'one', 'other', 'not a language tag!'), 'one');
  });
  it('holds no fragment glued onto another message: none starts with a space', () => {
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as Record<string, unknown>;
    // A message that starts with a space ("{0}" + " at {1}") is the tail of a sentence assembled in English order.
    const glued = Object.keys(bundle).filter((message) => /^\s/.test(message));
    assert.deepEqual(glued, [], 'make each one a whole sentence, with its own message');
    for (const message of [
      'Countersign profile {0}, organization {1} at {2}. It has no API key yet. Activate to switch profiles.',
      "Another process (PID {0}), most likely another VS Code window, holds the local sandbox's data, but its sandbox does not answer at {1}.",
    ]) {
      assert.equal(bundle[message], message, message);
    }
  });
});
