/**
 * The address `npm start` prints (scripts/start.mjs): the workbench on http://localhost, not 127.0.0.1. A browser
 * treats both as secure, but a passkey for RP ID `localhost` signs only on a page served from `localhost`, and
 * code-server serves the passkey page under the workbench's own origin.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../support/fixtures';
import { loadCodeServer } from '../ui/harness';

describe('npm start: the address it prints', () => {
  it('names the workbench localhost, with its port and folder', async () => {
    const codeServer = await loadCodeServer();
    const url = new URL(codeServer.browserUrl(8080, '/home/me/project'));
    assert.equal(url.origin, 'http://localhost:8080');
    assert.equal(url.searchParams.get('folder'), '/home/me/project');
    assert.equal(new URL(codeServer.workbenchUrl(8080)).hostname, '127.0.0.1', 'the server itself stays on 127.0.0.1');
  });

  it('is the one start.mjs prints', () => {
    const start = readFileSync(path.join(repoRoot, 'scripts', 'start.mjs'), 'utf8');
    const printed = start.split('\n').filter((line) => line.includes('Countersign is running in VS Code at'));
    assert.equal(printed.length, 1, 'one line announces the address');
    assert.match(printed[0] ?? '', /\$\{browserUrl\(port, workspace\)\}/);
  });
});
