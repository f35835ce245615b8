/** The profile file every window shares: whole writes, a watch that hears another window, refusals that say why. */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  PROFILE_FILE_NAME,
  ProfileFile,
  ProfileFileError,
  parseProfileFile,
  type ProfileFileState,
} from '../../../src/extension/profiles/profileFile';

interface TestProfile {
  readonly id: string;
  readonly label: string;
  readonly baseUrl: string;
  readonly organizationId: string;
}

const profile = (id: string): TestProfile => ({
  id,
  label: `Profile ${id}`,
  baseUrl: 'https://api.example.com',
  organizationId: '0d2c0f5e-7d9b-4c4e-9a43-1b2f3c4d5e6f',
});

describe('the profile file shared by windows', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-profiles-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what it wrote, readable by its owner only, with no temporary file left', async () => {
    const file = new ProfileFile<TestProfile>(dir);
    assert.equal(file.readNow(), undefined, 'no file yet');
    const state: ProfileFileState<TestProfile> = { profiles: [profile('a'), profile('b')], activeProfileId: 'b' };
    await file.write(state);
    assert.deepEqual(file.readNow(), state);
    assert.deepEqual(await file.read(), state);
    assert.equal(statSync(file.file).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(dir), [PROFILE_FILE_NAME]);
  });

  it("hears another window's write, and reads the state it wrote", async function () {
    this.timeout(10_000);
    const thisWindow = new ProfileFile<TestProfile>(dir);
    const otherWindow = new ProfileFile<TestProfile>(dir);
    await thisWindow.write({ profiles: [profile('a'), profile('b')], activeProfileId: 'a' });
    const heard = new Promise<void>((resolve) => {
      assert.equal(
        thisWindow.watch(() => resolve()),
        true,
      );
    });
    try {
      await otherWindow.write({ profiles: [profile('a'), profile('b')], activeProfileId: 'b' });
      await heard;
      assert.equal((await thisWindow.read())?.activeProfileId, 'b');
    } finally {
      thisWindow.stopWatching();
    }
  });

  it('takes a file that is not a profile file for no file, so that nothing half-read becomes the state', () => {
    const file = new ProfileFile<TestProfile>(dir);
    for (const text of [
      '',
      '{"profiles": [',
      'null',
      '{"profiles": {}}',
      '{"profiles": [{"id": "a"}]}',
      `{"profiles": [${JSON.stringify(profile('a'))}], "activeProfileId": 7}`,
    ]) {
      writeFileSync(file.file, text);
      assert.equal(file.readNow(), undefined, text);
      assert.equal(parseProfileFile(text), undefined, text);
    }
    writeFileSync(file.file, JSON.stringify({ profiles: [profile('a')] }));
    assert.deepEqual(file.readNow(), { profiles: [profile('a')] });
  });

  it('says which file it could not save and what to do, and leaves no temporary file', async () => {
    // The folder is a file: nothing can be written under it.
    const blocked = path.join(dir, 'blocked');
    writeFileSync(blocked, '');
    const file = new ProfileFile<TestProfile>(blocked);
    await assert.rejects(file.write({ profiles: [profile('a')] }), (error: unknown) => {
      assert.ok(error instanceof ProfileFileError);
      assert.match(error.message, /Could not save the Countersign profiles to .*profiles\.json \(E[A-Z]+\)/);
      assert.match(error.message, /writable/);
      return true;
    });
    assert.deepEqual(readdirSync(dir), ['blocked']);
  });
});
