// The code the extension host loads to activate Countersign: the production build's entry and every chunk it
// imports statically, weighed from esbuild's metafile. A size is deterministic (a time is not: the time is in
// bench/activation.bench.mjs), so a feature that grows activation past the budget fails here.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Metafile, OutputFile } from 'esbuild';
import { repoRoot } from './support/fixtures';

/**
 * The budget, 40 KB of 1024 bytes (as esbuild counts them), is esbuild.mjs's ACTIVATION_BUDGET_BYTES, which the
 * activation bench reports against too. The production build loads about 38 KB, nearly all of it our own code
 * (services, profiles and keys, the inbox's poll, the views' shells, the profile status bar, the triggers of the ABI
 * lenses and the review page, the command ids, and the client's errors from src/api/core), in one file: the build
 * gathers into the entry the modules it shares with lazily loaded chunks. The views' rows, the local sandbox's runner, the commands'
 * handlers, zod, undici, @noble, ox, jsonc-parser and the pages' code load on first use.
 */
interface BuildScript {
  ACTIVATION_BUDGET_BYTES: number;
  buildOptions(mode: { production: boolean; metafile: boolean; write: boolean }): { extension: BuildOptions };
  activationLoad(metafile: Metafile): { files: { path: string; bytes: number }[]; bytes: number };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('activation budget', () => {
  let metafile: Metafile;
  let outputFiles: OutputFile[];
  let load: ReturnType<BuildScript['activationLoad']>;
  let budgetBytes: number;

  before(async function () {
    this.timeout(60_000);
    const script = (await import(pathToFileURL(path.join(repoRoot, 'esbuild.mjs')).href)) as BuildScript;
    const esbuild = await import('esbuild');
    const { extension } = script.buildOptions({ production: true, metafile: true, write: false });
    const result = await esbuild.build({ ...extension, write: false });
    assert.ok(result.metafile, 'esbuild wrote no metafile');
    metafile = result.metafile;
    outputFiles = result.outputFiles;
    load = script.activationLoad(metafile);
    budgetBytes = script.ACTIVATION_BUDGET_BYTES;
  });

  /** The inputs bundled into what activation loads, largest first. */
  const activationInputs = () =>
    load.files
      .flatMap((file) => Object.entries(metafile.outputs[file.path]?.inputs ?? {}))
      .map(([input, { bytesInOutput }]) => ({ input, bytesInOutput }))
      .sort((a, b) => b.bytesInOutput - a.bytesInOutput);

  it('loads at most 40 KB to activate (the entry and the chunks it imports statically, production build)', () => {
    assert.equal(budgetBytes, 40 * 1024, "the budget this test's title names");
    const largest = activationInputs()
      .slice(0, 8)
      .map(({ input, bytesInOutput }) => `${input} ${kb(bytesInOutput)}`);
    assert.ok(
      load.bytes <= budgetBytes,
      `activation loads ${kb(load.bytes)} (${load.files.map((f) => `${f.path} ${kb(f.bytes)}`).join(', ')}), over the ` +
        `${kb(budgetBytes)} budget. Largest inputs: ${largest.join(', ')}. Load what is not needed at once with import().`,
    );
  });

  it('loads one file to activate: the modules the entry shares with lazy chunks are gathered into it, and re-exported from there', () => {
    assert.deepEqual(
      load.files.map((file) => file.path),
      ['dist/extension.mjs'],
    );
    // What the lazy chunks import of it: files that only re-export the entry's own, so one copy of each module.
    const reexports = outputFiles.filter((file) => /from "\.\.\/extension\.mjs";\n$/.test(file.text));
    assert.ok(reexports.length > 0, 'no chunk re-exports what the entry gathered');
    const entryExports = new Set(metafile.outputs['dist/extension.mjs']?.exports);
    for (const file of reexports) {
      const match = /^export \{ ([^}]*) \} from "\.\.\/extension\.mjs";\n$/.exec(file.text);
      assert.ok(match?.[1], `${path.relative(repoRoot, file.path)} does more than re-export the entry`);
      for (const pair of match[1].split(', ')) {
        const [held] = pair.split(' as ');
        assert.ok(held && entryExports.has(held), `${pair} is not an export of the entry`);
      }
    }
  });

  it('leaves undici, zod, @noble, ox, jsonc-parser, the client and the response schemas to chunks loaded on first use, and the sandbox and @simplewebauthn out', () => {
    const lazyOnly =
      /^node_modules\/(undici|zod|ox|jsonc-parser|@noble\/[^/]+|@simplewebauthn\/[^/]+)\/|^src\/api\/(client|remote|operations)\b|^src\/api\/schemas\/|^src\/sandbox\//;
    const loaded = activationInputs()
      .filter(({ input, bytesInOutput }) => bytesInOutput > 0 && lazyOnly.test(input))
      .map(({ input }) => input);
    assert.deepEqual(loaded, []);
    // The pattern names what it guards (it can fail): a chunk holding any of them would be caught.
    for (const input of [
      'node_modules/@noble/curves/abstract/weierstrass.js',
      'node_modules/@noble/hashes/sha3.js',
      'node_modules/ox/dist/core/AbiFunction.js',
      'node_modules/jsonc-parser/lib/esm/main.js',
      'node_modules/@simplewebauthn/server/esm/index.js',
    ]) {
      assert.ok(lazyOnly.test(input), input);
    }
    assert.ok(!lazyOnly.test('node_modules/oxc/index.js'), 'a package whose name starts with "ox" is not ox');
    // They are in the build, in chunks that activation does not load.
    const all = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    for (const lazy of ['undici', 'zod', '@noble/curves', 'ox', 'jsonc-parser']) {
      assert.ok(
        all.some((input) => input.startsWith(`node_modules/${lazy}/`)),
        `${lazy} is in no chunk of the build`,
      );
    }
    // The sandbox is in none of them: the extension runs it as a process of its own (dist/sandbox.js), with the
    // passkey verifier it alone uses.
    assert.ok(!all.some((input) => input.startsWith('src/sandbox/')));
    assert.ok(!all.some((input) => input.startsWith('node_modules/@simplewebauthn/')));
  });

  it("keeps class names in the minified bundle, so the log names an error's class (ServiceError, not two letters)", () => {
    const chunk = outputFiles.find((file) =>
      Object.keys(metafile.outputs).some(
        (name) => path.join(repoRoot, name) === file.path && 'src/api/errors.ts' in metafile.outputs[name]!.inputs,
      ),
    );
    assert.ok(chunk, 'no output holds src/api/errors.ts');
    // esbuild's keepNames names each class where it is declared (`static{i(this,"ServiceError")}` once minified);
    // without it the classes would be named by the minifier, and `new.target.name` would read two letters.
    for (const name of ['CountersignError', 'ServiceError', 'InvalidInputError', 'TransportError']) {
      assert.ok(
        chunk.text.includes(`(this,"${name}")`),
        `${name} is not named in ${path.relative(repoRoot, chunk.path)}`,
      );
    }
  });

  /** The modules the entry loads with it: its static imports, followed through the sources, not import(). */
  const staticInputs = () => {
    const entry = 'src/extension/extension.ts';
    const reached = new Set([entry]);
    const queue = [entry];
    for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
      for (const { path: imported, kind } of metafile.inputs[input]?.imports ?? []) {
        if (kind !== 'dynamic-import' && imported in metafile.inputs && !reached.has(imported)) {
          reached.add(imported);
          queue.push(imported);
        }
      }
    }
    return reached;
  };

  it("translates in the host with VS Code's own l10n: the pure modules' @vscode/l10n is ui/hostL10n.ts, not the package", () => {
    // The package would format the English text whatever the display language: nothing configures it in the host.
    const inputs = Object.keys(metafile.inputs);
    assert.ok(inputs.includes('src/extension/ui/hostL10n.ts'), 'esbuild.mjs no longer aliases @vscode/l10n');
    assert.deepEqual(
      inputs.filter((input) => input.includes('@vscode/l10n')),
      [],
    );
  });

  it('bundles the imports the sources have and no other: no module imports the entry', () => {
    // An import added at build time (of the entry, to gather chunks) made cycles that existed in the bundle only.
    const importers = Object.entries(metafile.inputs)
      .filter(([, input]) => input.imports.some((i) => i.path === 'src/extension/extension.ts'))
      .map(([name]) => name);
    assert.deepEqual(importers, []);
  });

  it('loads to activate only what the entry imports statically: lazy modules stay in the chunks of their import()', () => {
    const reached = staticInputs();
    const extra = activationInputs()
      .filter(({ input, bytesInOutput }) => bytesInOutput > 0 && !reached.has(input))
      .map(({ input }) => input);
    assert.deepEqual(extra, [], `activation loads ${load.files.length} files`);
    // Lazy modules stay out of it: the commands' handlers load on a command's first run, the views' rows when a
    // view is first drawn, the sandbox's runner (and its process code) when a sandbox is first wanted, and the
    // passkey stamper with the client. The wire tables of src/api stay out too: activation imports src/api/core.
    const inputs = new Set(
      activationInputs().flatMap(({ input, bytesInOutput }) => (bytesInOutput > 0 ? [input] : [])),
    );
    const lazy = [
      'src/extension/commands/commandTable.ts',
      'src/extension/views/activitiesTree.ts',
      'src/extension/views/organizationTree.ts',
      'src/extension/views/loadedTree.ts',
      'src/extension/wording/activityWords.ts',
      'src/extension/localSandboxRunner.ts',
      'src/extension/sandboxProcess.ts',
      'src/api/stamping/webauthnStamper.ts',
      'src/api/wireValues.ts',
    ];
    assert.deepEqual(
      lazy.filter((input) => inputs.has(input)),
      [],
      'modules loaded on first use are in what activation loads',
    );
    // Each is in the build, so the check above can fail.
    const built = new Set(Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)));
    assert.deepEqual(
      lazy.filter((input) => !built.has(input)),
      [],
    );
    assert.ok(reached.has('src/extension/services.ts') && !reached.has('src/extension/commands/commandTable.ts'));
  });
});
