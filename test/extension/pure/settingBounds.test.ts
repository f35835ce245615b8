/** Numeric settings reach timers only within the manifest's bounds, and a workspace cannot set them untrusted. */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  clampSetting,
  NUMERIC_SETTINGS,
  WORKSPACE_RESTRICTED_SETTINGS,
  type NumericSetting,
} from '../../../src/extension/settingBounds';
import { repoRoot } from '../../support/fixtures';

interface Declared {
  minimum?: number;
  maximum?: number;
  default?: number;
  type?: string;
}

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { supported: boolean | string; restrictedConfigurations?: string[] } };
  contributes: { configuration: { properties: Record<string, Declared> } };
};
const names = Object.keys(NUMERIC_SETTINGS) as NumericSetting[];
/** The largest delay Node's timers take; anything above fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

describe('setting bounds', () => {
  it('clamps each numeric setting to the bounds and default the manifest declares', () => {
    for (const name of names) {
      const declared = manifest.contributes.configuration.properties[`countersign.${name}`];
      const bounds = NUMERIC_SETTINGS[name];
      assert.ok(declared, `countersign.${name} is declared`);
      assert.deepEqual(
        [declared.minimum, declared.maximum, declared.default, declared.type === 'integer'],
        [bounds.minimum, bounds.maximum, bounds.fallback, bounds.integer],
        name,
      );
    }
  });

  it('turns absurd values (3e9, negative, NaN, text, Infinity) into values within bounds', () => {
    const absurd: unknown[] = [3e9, -5, 0, Number.NaN, Infinity, -Infinity, '3e9', null, undefined, {}, 1e308];
    for (const name of names) {
      const { minimum, maximum, fallback } = NUMERIC_SETTINGS[name];
      for (const value of absurd) {
        const clamped = clampSetting(name, value);
        assert.ok(clamped >= minimum && clamped <= maximum, `${name}=${String(value)} gave ${clamped}`);
        assert.ok(clamped * 1000 <= MAX_TIMER_MS, `${name}=${String(value)} overflows a timer`);
      }
      assert.equal(clampSetting(name, 3e9), maximum);
      assert.equal(clampSetting(name, -5), minimum);
      assert.equal(clampSetting(name, '3e9'), fallback);
    }
    assert.equal(clampSetting('requestTimeoutSeconds', 45), 45);
    assert.equal(clampSetting('activities.pageSize', 12.7), 12);
  });

  it('keeps the timer settings out of reach of an untrusted workspace', () => {
    const { untrustedWorkspaces } = manifest.capabilities;
    assert.equal(untrustedWorkspaces.supported, 'limited');
    const restricted = untrustedWorkspaces.restrictedConfigurations ?? [];
    for (const name of WORKSPACE_RESTRICTED_SETTINGS) assert.ok(restricted.includes(`countersign.${name}`), name);
    for (const entry of restricted)
      assert.ok(entry in manifest.contributes.configuration.properties, `${entry} is a declared setting`);
  });
});
