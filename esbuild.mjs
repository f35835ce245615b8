// @ts-check
// Bundles the extension, the sandbox CLI and the review page's script.
//   node esbuild.mjs               development build, with sourcemaps
//   node esbuild.mjs --production  minified, no sourcemaps (used by `vsce package`)
//   node esbuild.mjs --watch       rebuilds on change
//   node esbuild.mjs --metafile    prints the size of each bundle's inputs, and what activation loads
//
// The extension is an ES module split into chunks (dist/extension.mjs and dist/chunks/): activation loads the
// entry and the chunks it imports statically; the rest is behind three doors, loaded with import() when first
// needed (docs/architecture.md): the client with the store (which holds the commands' handlers and the views'
// rows), the local sandbox's runner, and the pages. One build, so the chunks share one copy of every module and `instanceof` holds
// across them. esbuild gives each set of entry points (the entry and every module loaded with import()) that reach
// a module a chunk of its own, so the modules activation shares with lazily loaded ones come in many small files;
// scripts/gatherActivation.mjs then gathers them into the entry, which activation loads alone. The sandbox CLI is one CommonJS file
// (dist/sandbox.js), run by bin/countersign-sandbox.js. The review page's script runs in the webview, a browser:
// one script (dist/webview/review.js) that the page loads by its nonce.
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gatherActivation } from './scripts/gatherActivation.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The extension's entry source, as the metafile names it. */
const EXTENSION_SOURCE = 'src/extension/extension.ts';
/** The extension's entry, as package.json's "main" names it. */
export const EXTENSION_ENTRY = 'dist/extension.mjs';
const CHUNKS = 'dist/chunks';

/** @type {import('esbuild').Plugin} */
const watchLogger = {
  name: 'watch-logger',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/**
 * The options of the builds.
 * @param {{ production?: boolean, watch?: boolean, metafile?: boolean, write?: boolean }} mode `write: false` leaves
 *   the extension's outputs in the result (`outputFiles`) instead of writing them
 * @returns {{ extension: import('esbuild').BuildOptions, sandbox: import('esbuild').BuildOptions, reviewPage: import('esbuild').BuildOptions }}
 */
export function buildOptions({ production = false, watch = false, metafile = false, write = true } = {}) {
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    minify: production,
    // Class names stay readable in logs and stacks ("ServiceError", not "Pn").
    keepNames: true,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
    metafile,
    // jsonc-parser's "main" is a UMD build whose inner requires esbuild cannot follow; its ES module build bundles.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    plugins: watch ? [watchLogger] : [],
  };
  return {
    extension: {
      ...common,
      entryPoints: { extension: EXTENSION_SOURCE },
      outdir: 'dist',
      // The gathering plugin (scripts/gatherActivation.mjs) rewrites the outputs before they are written.
      write: false,
      metafile: true,
      plugins: [gatherActivation({ write, entryPoint: EXTENSION_SOURCE }), ...(common.plugins ?? [])],
      // The pure modules' `@vscode/l10n` is VS Code's own l10n in the host (src/extension/ui/hostL10n.ts).
      alias: { ...common.alias, '@vscode/l10n': './src/extension/ui/hostL10n.ts' },
      format: 'esm',
      splitting: true,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunks/[name]-[hash]',
      external: ['vscode'],
      // The bundled CommonJS dependencies (undici) call require() for Node's built-in modules. The banner goes into
      // every file, activation's included (so it is written small): the real require is made on a file's first
      // call, not when the file loads.
      banner: {
        js: 'import{createRequire as __cR}from"node:module";let __rq;const require=i=>(__rq??=__cR(import.meta.url))(i);',
      },
    },
    sandbox: { ...common, format: 'cjs', entryPoints: ['src/sandbox/cli.ts'], outfile: 'dist/sandbox.js' },
    reviewPage: {
      ...common,
      platform: 'browser',
      // The webview is the Chromium of VS Code's Electron or of the browser a remote window runs in.
      target: 'es2022',
      format: 'iife',
      entryPoints: ['src/extension/review/page/reviewPage.ts'],
      outfile: 'dist/webview/review.js',
      tsconfig: 'src/extension/review/page/tsconfig.json',
    },
  };
}

/**
 * The most activation may load, in bytes (the entry and the chunks it imports statically, production build):
 * test/activationBudget.test.ts fails past it, and bench/activation.bench.mjs reports the bundle against it.
 */
export const ACTIVATION_BUDGET_BYTES = 40 * 1024;

/**
 * What activation loads: the entry and every chunk it imports statically, with their sizes in bytes.
 * @param {import('esbuild').Metafile} metafile the extension build's
 * @returns {{ files: { path: string, bytes: number }[], bytes: number }}
 */
export function activationLoad(metafile) {
  // The extension's own entry: the chunks loaded with import() are entry points of the metafile too.
  const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === EXTENSION_SOURCE);
  if (!entry) throw new Error('The metafile has no entry output.');
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    for (const { path: imported, kind } of metafile.outputs[file]?.imports ?? []) {
      if (kind === 'import-statement' && imported in metafile.outputs && !seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  const files = [...seen].map((file) => ({ path: file, bytes: metafile.outputs[file]?.bytes ?? 0 }));
  return { files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
}

async function main() {
  const production = process.argv.includes('--production');
  const watch = process.argv.includes('--watch');
  const metafile = process.argv.includes('--metafile');
  const { extension, sandbox, reviewPage } = buildOptions({ production, watch, metafile });
  // Chunk names carry a hash: old ones would pile up (and be packaged) if not removed.
  for (const stale of [CHUNKS, 'dist/extension.js', 'dist/extension.js.map']) {
    rmSync(path.join(root, stale), { recursive: true, force: true });
  }
  if (watch) {
    for (const options of [extension, sandbox, reviewPage]) {
      const ctx = await esbuild.context(options);
      await ctx.watch();
    }
    return;
  }
  const [extensionResult, sandboxResult, pageResult] = await Promise.all([
    esbuild.build(extension),
    esbuild.build(sandbox),
    esbuild.build(reviewPage),
  ]);
  if (metafile) {
    for (const result of [extensionResult, sandboxResult, pageResult]) {
      if (result.metafile) console.log(await esbuild.analyzeMetafile(result.metafile));
    }
    if (!extensionResult.metafile) throw new Error('esbuild wrote no metafile for the extension.');
    const load = activationLoad(extensionResult.metafile);
    console.log('Loaded at activation:');
    for (const file of load.files) console.log(`  ${file.path}  ${(file.bytes / 1024).toFixed(1)} KB`);
    console.log(`  total  ${(load.bytes / 1024).toFixed(1)} KB`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
