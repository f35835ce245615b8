// Bundles the extension and the sandbox CLI, each into one CommonJS file.
//   node esbuild.mjs               development build, with sourcemaps
//   node esbuild.mjs --production  minified, no sourcemaps (used by `vsce package`)
//   node esbuild.mjs --watch       rebuilds on change
//   node esbuild.mjs --metafile    prints the size of each bundle's inputs
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const metafile = process.argv.includes('--metafile');

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

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  // Class names stay readable in the minified bundle, so the log says "ServiceError", not "Pn".
  keepNames: true,
  logLevel: 'warning',
  metafile,
  // jsonc-parser's "main" is a UMD build whose inner requires esbuild cannot follow; its ES module build bundles.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  plugins: watch ? [watchLogger] : [],
};

const builds = [
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/sandbox/cli.ts'], outfile: 'dist/sandbox.js' },
];

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
} else {
  const results = await Promise.all(builds.map((options) => esbuild.build(options)));
  if (metafile) {
    for (const result of results) console.log(await esbuild.analyzeMetafile(result.metafile));
  }
}
