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
 * activation bench reports against too. The production build loads about 32 KB, nearly all of it our own code
 * (services, profiles and keys, the inbox's poll, the views' shells, the profile status bar, the triggers of the ABI
 * lenses and the review page, and the command ids). The views' rows, the local sandbox's runner, the commands'
 * handlers, zod, undici, @noble, ox, jsonc-parser and the pages' code load on first use.
 */
interface BuildScript {
  ACTIVATION_BUDGET_BYTES: number;
  buildOptions(mode: { production: boolean; metafile: boolean }): { extension: BuildOptions };
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
    const { extension } = script.buildOptions({ production: true, metafile: true });
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

  it('loads two files to activate: the entry and the one chunk that holds everything activation runs', () => {
    // Each file costs the host a resolve, a read and a link (about 0.3 ms each, before anything runs): esbuild.mjs
    // gathers the modules activation loads into one chunk, whatever lazy modules share them.
    assert.deepEqual(
      load.files.map((file) => path.dirname(file.path)),
      ['dist', 'dist/chunks'],
      `activation loads ${load.files.map((f) => f.path).join(', ')}`,
    );
    const chunk = load.files[1]!.path;
    assert.ok(
      'src/extension/extension.ts' in metafile.outputs[chunk]!.inputs,
      `${chunk} does not hold the entry's code`,
    );
    // Lazy modules stay out of it: the commands' handlers load on a command's first run, the views' rows when a
    // view is first drawn, the sandbox's runner (and its process code) when a sandbox is first wanted, and the
    // passkey stamper with the client.
    const inputs = metafile.outputs[chunk]!.inputs;
    const lazy = [
      'src/extension/commands/commandTable.ts',
      'src/extension/views/activitiesTree.ts',
      'src/extension/views/organizationTree.ts',
      'src/extension/views/loadedTree.ts',
      'src/extension/wording/activityWords.ts',
      'src/extension/localSandboxRunner.ts',
      'src/extension/sandboxProcess.ts',
      'src/api/stamping/webauthnStamper.ts',
    ];
    assert.deepEqual(
      lazy.filter((input) => (inputs[input]?.bytesInOutput ?? 0) > 0),
      [],
      'modules loaded on first use are in the activation chunk',
    );
    // Each is in the build, so the check above can fail.
    const built = new Set(Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)));
    assert.deepEqual(
      lazy.filter((input) => !built.has(input)),
      [],
    );
  });
});
