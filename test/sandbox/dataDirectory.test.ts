/** The sandbox's data directory holds its keys: only its owner may list or enter it, whoever created it. */
import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';

const posix = process.platform !== 'win32';

describe('sandbox data directory', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'countersign-datadir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is made 0700 even when it already exists as 0755 (as an editor creates its storage folders)', async function () {
    if (!posix) this.skip();
    const dataDir = path.join(root, 'sandbox');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const sandbox = await startSandbox({ dataDir, port: 0 });
    try {
      assert.equal((statSync(dataDir).mode & 0o777).toString(8), '700');
      assert.ok(sandbox.credentialsPath);
      assert.equal((statSync(sandbox.credentialsPath).mode & 0o777).toString(8), '600');
    } finally {
      await sandbox.close();
    }
  });

  it('is created 0700 when it does not exist', async function () {
    if (!posix) this.skip();
    const dataDir = path.join(root, 'fresh', 'sandbox');
    const sandbox = await startSandbox({ dataDir, port: 0 });
    try {
      assert.equal((statSync(dataDir).mode & 0o777).toString(8), '700');
    } finally {
      await sandbox.close();
    }
  });
});
