/**
 * The manifest against the code: every contributed command has an id constant, a title in package.nls.json and
 * an icon; every menu, view and walkthrough points at something that exists; activation stays lazy.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CommandIds } from '../../../src/extension/commandIds';
import { repoRoot } from '../../support/fixtures';

interface Manifest {
  activationEvents?: string[];
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  icon: string;
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    menus: Record<string, Array<{ command: string; when?: string }>>;
    views: Record<string, Array<{ id: string }>>;
    viewsWelcome: Array<{ view: string; contents: string }>;
    walkthroughs: Array<{
      steps: Array<{ id: string; media: { markdown?: string }; description: string; completionEvents?: string[] }>;
    }>;
    configuration: {
      properties: Record<string, { scope?: string; description?: string; markdownDescription?: string }>;
    };
  };
}

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
const contributed = manifest.contributes.commands.map((c) => c.command);

function nlsKeys(text: string): string[] {
  return [...text.matchAll(/%([^%\s]+)%/g)].map((m) => m[1] ?? '');
}

describe('manifest', () => {
  it('contributes exactly the commands of commandIds.ts', () => {
    assert.deepEqual([...contributed].sort(), Object.values(CommandIds).sort());
  });

  it('gives every command a translated title in the Countersign category', () => {
    for (const command of manifest.contributes.commands) {
      assert.equal(command.category, 'Countersign', command.command);
      for (const key of nlsKeys(command.title))
        assert.ok(nls[key], `${command.command}: no "${key}" in package.nls.json`);
    }
  });

  it('has every %key% of package.json in package.nls.json', () => {
    const text = readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
    const missing = nlsKeys(text).filter((key) => !(key in nls));
    assert.deepEqual(missing, []);
  });

  it('points every menu entry at a contributed command', () => {
    for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
      for (const entry of entries)
        assert.ok(contributed.includes(entry.command), `${menu}: unknown command ${entry.command}`);
    }
  });

  it('offers ABI commands on .json files only, in the explorer and the editor', () => {
    const explorer = manifest.contributes.menus['explorer/context'] ?? [];
    const entry = explorer.find((e) => e.command === CommandIds.createSmartContractInterface);
    assert.ok(entry?.when?.includes('resourceExtname == .json') && entry.when.includes('!explorerResourceIsFolder'));
  });

  it('shows welcome content only in views that exist', () => {
    const views = Object.values(manifest.contributes.views)
      .flat()
      .map((v) => v.id);
    for (const welcome of manifest.contributes.viewsWelcome) assert.ok(views.includes(welcome.view), welcome.view);
  });

  it('has walkthrough pages that exist', () => {
    for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
      if (step.media.markdown) assert.ok(existsSync(path.join(repoRoot, step.media.markdown)), step.media.markdown);
    }
  });

  it('ticks every walkthrough step Start Local Sandbox does: a profile with a registered key, checked as it starts', () => {
    const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps);
    for (const id of ['profile', 'key', 'register', 'verify']) {
      const step = steps.find((s) => s.id === id);
      assert.ok(step?.completionEvents?.includes('onCommand:countersign.startLocalSandbox'), id);
    }
  });

  it('keeps the base URL setting out of reach of a workspace', () => {
    const setting = manifest.contributes.configuration.properties['countersign.defaultBaseUrl'];
    assert.ok(setting, 'countersign.defaultBaseUrl is declared');
    assert.ok(setting.scope === 'machine' || setting.scope === 'application', `scope is ${setting.scope}`);
  });

  it('never activates on "*" and targets the VS Code the tests run in', () => {
    assert.ok(!(manifest.activationEvents ?? []).includes('*'));
    const [major, minor] = manifest.engines.vscode
      .replace(/^[^\d]*/, '')
      .split('.')
      .map(Number);
    assert.ok(major === 1 && (minor ?? 0) <= 139, manifest.engines.vscode);
    assert.equal(manifest.devDependencies['@types/vscode']?.split('.').slice(0, 2).join('.'), `${major}.${minor}`);
  });

  it('has its icon in media/', () => {
    assert.ok(manifest.icon.startsWith('media/') && existsSync(path.join(repoRoot, manifest.icon)));
  });
});
