import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  profilePickWords,
  sandboxOrganizationLine,
  sandboxOrganizationLines,
} from '../../../src/extension/wording/sandboxWords';

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

describe('wording: a profile in the pick list', () => {
  const organizationId = '3f1c0c7e-5a8b-4c1d-9e2f-7a6b5c4d3e2f';

  it('shows a sandbox profile by its organization and user names and what the organization shows, no uuid', () => {
    const words = profilePickWords({
      label: 'Local sandbox · Treasury (Treasury approver 1)',
      baseUrl: 'http://127.0.0.1:8787',
      organizationId,
      localSandbox: true,
      organizationName: 'Treasury',
      userName: 'Treasury approver 1',
    });
    assert.equal(words.description, 'Treasury · Treasury approver 1');
    assert.equal(words.detail, sandboxOrganizationLine('Treasury'));
    assert.ok(![words.label, words.description, words.detail].some((part) => part.includes(organizationId)));
  });

  it('never shows a bare uuid for a profile whose names are unknown', () => {
    const words = profilePickWords({ label: 'Production', baseUrl: 'https://api.turnkey.com', organizationId });
    assert.notEqual(words.description, organizationId);
    assert.equal(words.description, `organization ${organizationId} at https://api.turnkey.com`);
  });
});
