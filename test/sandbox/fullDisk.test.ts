import * as assert from 'node:assert/strict';
import { cpSync, rmSync, statfsSync } from 'node:fs';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import {
  clientFor,
  createInterface,
  assertNoneLostAfterRestart,
  mountTmpfs,
  tempDir,
  unmountTmpfs,
} from './hostileSupport';

describe('sandbox: a full disk (a 64 KB tmpfs)', function () {
  this.timeout(60_000);
  let root: string;
  let mount: string;
  let skipped: string | undefined;
  before(function () {
    root = tempDir('fulldisk');
    mount = path.join(root, 'tmpfs');
    skipped = mountTmpfs(mount, '64k');
    if (skipped !== undefined) {
      console.log(`      skipped: ${skipped}`);
      this.skip();
    }
  });
  after(() => {
    if (skipped === undefined) unmountTmpfs(mount);
    rmSync(root, { recursive: true, force: true });
  });

  it('loses no acknowledged activity when the disk fills up: the write that fails is refused, never acknowledged by a retry', async () => {
    const dataDir = path.join(mount, 'data');
    const sandbox = await startSandbox({ dataDir });
    const acknowledged: string[] = [];
    const refused: number[] = [];
    const { client, organizationId } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo', {
      retryBaseDelayMs: 1,
    });
    try {
      // Each record is about 1.5 KB: the disk is full long before 200.
      for (let i = 0; i < 200 && refused.length < 5; i++) {
        const outcome = await createInterface(client, organizationId, `fill ${i} ${'x'.repeat(200)}`);
        if ('id' in outcome) acknowledged.push(outcome.id);
        else refused.push(outcome.status);
      }
    } finally {
      await client.close();
      await sandbox.close();
    }
    const free = statfsSync(mount);
    assert.ok(
      free.bavail * free.bsize <= 4096,
      `the disk never filled up (${free.bavail} blocks free, ${acknowledged.length} acknowledged)`,
    );
    assert.ok(acknowledged.length > 0, 'nothing was acknowledged before the disk filled up');
    // The restart reads a copy: the full disk has no room for the credentials it rewrites.
    const copy = path.join(root, 'copy');
    cpSync(dataDir, copy, { recursive: true });
    await assertNoneLostAfterRestart(copy, acknowledged, refused, 'full tmpfs');
    assert.ok(refused.length > 0, 'every submission was acknowledged, though the disk was full');
    assert.ok(
      refused.every((status) => status === 503),
      `refusals were ${refused.join(', ')}, not 503`,
    );
  });
});
