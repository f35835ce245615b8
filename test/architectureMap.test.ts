// docs/architecture.md is the map of the code: it names every folder of src/extension, and the base folders the
// architecture test keeps under every feature.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './support/fixtures';
import { BASE_FOLDERS } from './support/folderGraph';

describe('the map of the code (docs/architecture.md)', () => {
  const map = readFileSync(path.join(repoRoot, 'docs', 'architecture.md'), 'utf8');
  /** The folder names of the map's folder table, in its first column. */
  const rows = [...map.matchAll(/^\| `([a-zA-Z]+)\/`/gm)].map((match) => match[1]);

  it('has a row for every folder of src/extension, and none for a folder that is gone', () => {
    const folders = readdirSync(path.join(repoRoot, 'src', 'extension'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    assert.deepEqual([...rows].sort(), [...folders].sort());
  });

  it('names the base folders the architecture test keeps under every feature', () => {
    const rule = /`store\/`, `wording\/` and `ui\/`\s+import no other folder than each other/;
    assert.match(map, rule);
    assert.deepEqual([...BASE_FOLDERS].sort(), ['store', 'ui', 'wording']);
  });
});
