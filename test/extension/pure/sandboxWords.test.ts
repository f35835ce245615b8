import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { sandboxOrganizationLine, sandboxOrganizationLines } from '../../../src/extension/wording/sandboxWords';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

describe('wording: the local sandbox, one line per organization', () => {
  it('names every seeded organization, Treasury included, with what it shows', () => {
    const lines = sandboxOrganizationLines();
    for (const name of ['Demo', 'Team', 'Treasury', 'Demo Sub-organization'])
      assert.ok(
        lines.some((line) => line.startsWith(`${name}:`)),
        name,
      );
    assert.match(sandboxOrganizationLine('Treasury') ?? '', /policies decide/);
  });

  it("lists the same lines on the walkthrough's profile page", () => {
    const page = readFileSync(path.join(repoRoot, 'media', 'walkthrough', 'profile.md'), 'utf8').replace(/\*\*/g, '');
    for (const line of sandboxOrganizationLines()) assert.ok(page.includes(line), line);
  });
});
