// @ts-check
// The esbuild plugin that gathers what activation loads into the entry file.
//
// With code splitting, esbuild gives each set of entry points (the entry, and every module loaded with import())
// that reach a module a chunk of its own. The modules activation shares with lazily loaded ones therefore come in
// a dozen small files, and the extension host resolves, reads and links each before activate() can run:
// bench/activation.bench.mjs measured about 4 ms of main-thread time for sixteen of them against the same code in
// one file. This plugin runs after the split build. It bundles the entry with the chunks it imports statically into
// one file (a second esbuild pass over the first one's output, in memory), which also exports each of those chunks'
// exports under a name of its own. Each of those chunk files becomes a re-export of the entry, so a chunk loaded
// with import() later finds the very modules the host loaded with the entry: one copy of each, and `instanceof`
// holds across chunks. The sources keep the imports they have: only the re-exports import the entry, and nothing
// the entry imports statically imports them, so the bundle has no cycle of its own.
import * as esbuild from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** Prefix of the names under which the entry exports its gathered chunks' exports. */
const SHARED = '__shared';

/**
 * An output file of our own making, shaped as esbuild's.
 * @param {string} file absolute path
 * @param {string} text
 * @returns {import('esbuild').OutputFile}
 */
function outputFile(file, text) {
  const contents = new TextEncoder().encode(text);
  return { path: file, contents, hash: '', text };
}

/**
 * The plugin; the build must have `write: false` and `metafile: true`.
 * @param {{ write: boolean, entryPoint: string }} options `write`: write the outputs (the build does not);
 *   `entryPoint`: the source of the entry, as the metafile names it
 * @returns {import('esbuild').Plugin}
 */
export function gatherActivation({ write, entryPoint }) {
  return {
    name: 'gather-activation',
    setup(build) {
      const options = build.initialOptions;
      const root = options.absWorkingDir ?? process.cwd();
      build.onEnd(async (result) => {
        if (result.errors.length > 0 || !result.outputFiles || !result.metafile) return;
        const gathered = await gather(result.outputFiles, result.metafile, { root, entryPoint, options });
        result.outputFiles.splice(0, result.outputFiles.length, ...gathered);
        if (write) {
          for (const file of gathered) {
            mkdirSync(path.dirname(file.path), { recursive: true });
            writeFileSync(file.path, file.contents);
          }
        }
      });
    },
  };
}

/**
 * The outputs with the entry's static chunks gathered into it; the metafile is updated to describe them.
 * @param {import('esbuild').OutputFile[]} outputFiles
 * @param {import('esbuild').Metafile} metafile
 * @param {{ root: string, entryPoint: string, options: import('esbuild').BuildOptions }} build
 * @returns {Promise<import('esbuild').OutputFile[]>}
 */
async function gather(outputFiles, metafile, { root, entryPoint, options }) {
  const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === entryPoint);
  if (!entry) throw new Error(`The build has no output for ${entryPoint}.`);
  const entryOutput = /** @type {import('esbuild').Metafile['outputs'][string]} */ (metafile.outputs[entry]);
  const gatheredChunks = entryOutput.imports
    .filter((i) => i.kind === 'import-statement' && i.path in metafile.outputs)
    .map((i) => i.path);
  // Chunks import chunks: gather every chunk the entry reaches statically.
  for (let at = 0; at < gatheredChunks.length; at += 1) {
    for (const i of metafile.outputs[/** @type {string} */ (gatheredChunks[at])]?.imports ?? []) {
      if (i.kind === 'import-statement' && i.path in metafile.outputs && !gatheredChunks.includes(i.path)) {
        gatheredChunks.push(i.path);
      }
    }
  }
  if (gatheredChunks.length === 0) return outputFiles;

  const absolute = (/** @type {string} */ file) => path.resolve(root, file);
  const entryFile = absolute(entry);
  const distDir = path.dirname(entryFile);
  /** @type {Map<string, string>} */
  const texts = new Map(outputFiles.map((file) => [file.path, file.text]));
  const textOf = (/** @type {string} */ file) => {
    const text = texts.get(file);
    if (text === undefined) throw new Error(`The build has no output ${path.relative(root, file)}.`);
    // A linked source map travels inline, so that the second pass maps back to the sources.
    const mapText = texts.get(`${file}.map`);
    if (mapText === undefined) return text;
    // Its sources are named from the chunk's folder; the gathered entry's map names them from its own.
    /** @type {unknown} */
    const parsed = JSON.parse(mapText);
    const map = /** @type {{ sources: string[], sourceRoot?: string }} */ (parsed);
    map.sources = map.sources.map((source) => path.resolve(path.dirname(file), map.sourceRoot ?? '', source));
    delete map.sourceRoot;
    const inline = Buffer.from(JSON.stringify(map)).toString('base64');
    return text.replace(
      /\/\/# sourceMappingURL=\S+\s*$/,
      `//# sourceMappingURL=data:application/json;base64,${inline}\n`,
    );
  };

  const exportName = (/** @type {number} */ index, /** @type {string} */ name) => `${SHARED}${index}_${name}`;
  const shared = gatheredChunks.map((chunk, index) => ({
    chunk,
    names: (metafile.outputs[chunk]?.exports ?? []).map((name) => ({ name, as: exportName(index, name) })),
  }));
  const relativeFromDist = (/** @type {string} */ file) =>
    `./${path.relative(distDir, file).split(path.sep).join('/')}`;
  const stdin = [
    `export * from ${JSON.stringify(relativeFromDist(entryFile))};`,
    ...shared
      .filter(({ names }) => names.length > 0)
      .map(
        ({ chunk, names }) =>
          `export { ${names.map(({ name, as }) => `${name} as ${as}`).join(', ')} } from ${JSON.stringify(relativeFromDist(absolute(chunk)))};`,
      ),
  ].join('\n');

  const pass = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: stdin, resolveDir: distDir, sourcefile: 'gathered-entry.mjs', loader: 'js' },
    bundle: true,
    write: false,
    metafile: true,
    outfile: entryFile,
    format: 'esm',
    platform: 'node',
    target: options.target,
    minify: options.minify,
    keepNames: options.keepNames,
    sourcemap: options.sourcemap,
    sourcesContent: options.sourcesContent,
    logLevel: 'warning',
    external: [...(options.external ?? [])],
    plugins: [
      {
        name: 'first-pass-outputs',
        setup(second) {
          second.onResolve({ filter: /.*/ }, (args) => {
            if (!args.path.startsWith('.')) return { path: args.path, external: true };
            const file = path.resolve(args.resolveDir, args.path);
            // What is loaded later stays where it is, named from the gathered entry's place.
            if (args.kind === 'dynamic-import') return { path: relativeFromDist(file), external: true };
            return { path: file };
          });
          second.onLoad({ filter: /.*/ }, (args) => ({
            contents: textOf(args.path),
            loader: 'js',
            resolveDir: path.dirname(args.path),
          }));
        },
      },
    ],
  });
  const merged = pass.outputFiles.find((file) => file.path === entryFile);
  if (!merged) throw new Error('The gathering pass wrote no entry.');
  const mergedMap = pass.outputFiles.find((file) => file.path === `${entryFile}.map`);

  // Each gathered chunk becomes a re-export of the entry, for the chunks loaded later that import it.
  const replaced = new Set([entryFile, `${entryFile}.map`]);
  /** @type {import('esbuild').OutputFile[]} */
  const reexports = [];
  const entryFromChunk = (/** @type {string} */ chunk) =>
    path
      .relative(path.dirname(absolute(chunk)), entryFile)
      .split(path.sep)
      .join('/');
  for (const { chunk, names } of shared) {
    const file = absolute(chunk);
    replaced.add(file).add(`${file}.map`);
    const text =
      names.length === 0
        ? `import ${JSON.stringify(entryFromChunk(chunk))};\n`
        : `export { ${names.map(({ name, as }) => `${as} as ${name}`).join(', ')} } from ${JSON.stringify(entryFromChunk(chunk))};\n`;
    reexports.push(outputFile(file, text));
  }

  // The metafile describes the outputs as written: the entry holds the gathered chunks' inputs and imports none.
  const entryInputs = { ...entryOutput.inputs };
  for (const { chunk, names } of shared) {
    const output = /** @type {import('esbuild').Metafile['outputs'][string]} */ (metafile.outputs[chunk]);
    Object.assign(entryInputs, output.inputs);
    const text = /** @type {import('esbuild').OutputFile} */ (reexports.find((r) => r.path === absolute(chunk))).text;
    metafile.outputs[chunk] = {
      ...output,
      bytes: Buffer.byteLength(text),
      inputs: {},
      imports: [{ path: entry, kind: 'import-statement' }],
      exports: names.map(({ name }) => name),
    };
    delete metafile.outputs[`${chunk}.map`];
  }
  metafile.outputs[entry] = {
    ...entryOutput,
    bytes: merged.contents.byteLength,
    inputs: entryInputs,
    imports: entryOutput.imports.filter((i) => !gatheredChunks.includes(i.path)),
    exports: [...entryOutput.exports, ...shared.flatMap(({ names }) => names.map(({ as }) => as))],
  };
  const entryMap = metafile.outputs[`${entry}.map`];
  if (mergedMap && entryMap) metafile.outputs[`${entry}.map`] = { ...entryMap, bytes: mergedMap.contents.byteLength };

  return [
    ...outputFiles.filter((file) => !replaced.has(file.path)),
    outputFile(entryFile, merged.text),
    ...(mergedMap ? [outputFile(mergedMap.path, mergedMap.text)] : []),
    ...reexports,
  ];
}
