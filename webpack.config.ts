import fs from 'node:fs';
import path from 'node:path';

import { gzip as zopfliGzip, type ZopfliOptions } from '@gfx/zopfli';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { BannerPlugin, Compilation, type Compiler, type Configuration, DefinePlugin, sources } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

import { KATEX_FONT_FACE_RULE, KATEX_FONT_FACES, KATEX_STYLESHEET } from './server/contract/paths';
import { seedContent } from './server/src/content/seed';

const apiPort = process.env.PORT ?? '8000';
const proxiedPaths = ['/api/', '/backend/', '/login-with-token/', '/media/', '/cv.pdf'];

const isScript = (file: string) => file.endsWith('.js');
const PUBLIC_PATH = '/';

/**
 * Writes `assets-manifest.json`: the scripts of the entry, and those of each named lazy chunk, so
 * that the server can write a page's script tags (and start its screen's chunk early). Also
 * copies the favicon, the loader of server-rendered pages (public/boot.js) and KaTeX's stylesheet (whole, and its
 * font faces alone) and fonts beside the assets.
 */
class AssetManifestPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('AssetManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AssetManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const scripts = (files: string[]) => files.filter(isScript).map((file) => `${PUBLIC_PATH}${file}`);
        const entry = [...new Set(['react', 'main'].flatMap((name) => scripts(compilation.entrypoints.get(name)?.getFiles() ?? [])))];
        const chunks: Record<string, string[]> = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!compilation.entrypoints.has(name)) chunks[name] = scripts(group.getFiles()).filter((file) => !entry.includes(file));
        }
        compilation.emitAsset('assets-manifest.json', new sources.RawSource(JSON.stringify({ entry, chunks })));
        for (const file of ['favicon.svg', 'boot.js'])
          compilation.emitAsset(file, new sources.RawSource(fs.readFileSync(path.resolve(__dirname, 'public', file))));
        // KaTeX's stylesheet, in its variant whose fonts swap in, and the fonts it names first (WOFF2, which every browser that runs the site reads).
        const katex = path.dirname(require.resolve('katex/dist/katex-swap.min.css'));
        const stylesheet = KATEX_STYLESHEET.slice(1);
        const katexCss = fs.readFileSync(path.join(katex, 'katex-swap.min.css'), 'utf8');
        compilation.emitAsset(stylesheet, new sources.RawSource(katexCss));
        compilation.emitAsset(KATEX_FONT_FACES.slice(1), new sources.RawSource((katexCss.match(KATEX_FONT_FACE_RULE) ?? []).join('')));
        for (const font of fs.readdirSync(path.join(katex, 'fonts')).filter((file) => file.endsWith('.woff2')))
          compilation.emitAsset(
            path.posix.join(path.posix.dirname(stylesheet), 'fonts', font),
            new sources.RawSource(fs.readFileSync(path.join(katex, 'fonts', font))),
          );
      });
    });
  }
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // React DOM as an entry of its own: its file then evaluates the library as it runs, so starting
    // the app is two shorter tasks rather than one long one (total blocking time). Only CommonJS
    // packages go here: an entry keeps every export, which would undo tree shaking of the others.
    entry: {
      react: ['react', 'react-dom/client'],
      main: { import: './src/index.tsx', dependOn: 'react' },
    },
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: PUBLIC_PATH,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // The same aliases as tsconfig.json's paths.
      alias: { '@/contract': path.resolve(__dirname, 'server/contract'), '@': path.resolve(__dirname, 'src') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false, sourceMap: !production } } },
            // Runs first: class names that match the server-rendered page's.
            { loader: path.resolve(__dirname, 'scripts/styledComponentIds.cjs') },
          ],
        },
        { test: /\.(png|svg|ico|webp|woff2?)$/, type: 'asset/resource' },
        // Our modules only declare things; unused ones (e.g. staff-only UI primitives) stay out of the first load.
        { test: /[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new AssetManifestPlugin(),
      // The page for the development server; in production the API server writes every page.
      ...(production ? [] : [new HtmlWebpackPlugin({ template: './public/index.html', title: seedContent.name, description: seedContent.tagline })]),
      new DefinePlugin({
        // The admin-backend links' address (server/contract/paths.ts); empty means the in-app area.
        'process.env.ADMIN_URL': JSON.stringify(process.env.ADMIN_URL ?? ''),
        // Leaves out what only the server reads (the server-rendered pages of src/app/routes.tsx).
        'process.env.BROWSER_BUNDLE': JSON.stringify('true'),
      }),
      // Tells V8 to compile every function while the file streams in, off the main thread: left lazy, a
      // library's module function (React DOM's is 130 KB) is compiled on the main thread when first called,
      // inside one of startup's steps (Lighthouse, mobile: about a third less blocking time on / and /cv).
      // Added after minification, which would drop the comment, and before compression and hashing.
      ...(production
        ? [new BannerPlugin({ banner: '//# allFunctionsCalledOnLoad', raw: true, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING, test: /\.js$/ })]
        : []),
      // Served as-is by the server (precompressed), so no CPU is spent compressing per request. Zopfli
      // writes gzip that any client reads, 4-5 % smaller than zlib's level 9, at build time only.
      ...(production
        ? [new CompressionPlugin<ZopfliOptions>({ test: /\.(js|svg|css)$/, algorithm: zopfliGzip, compressionOptions: { numiterations: 5 } })]
        : []),
    ],
    devtool: production ? false : 'eval-cheap-module-source-map',
    performance: { hints: false },
    optimization: {
      // Library code in a few files, downloaded in parallel and cached apart from the app's.
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          state: {
            test: /[\\/]node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/,
            name: 'state',
            priority: 20,
          },
          styles: { test: /[\\/]node_modules[\\/](styled-components|@emotion|stylis|shallowequal|tslib)[\\/]/, name: 'styles', priority: 20 },
        },
      },
      runtimeChunk: 'single',
    },
    devServer: {
      port: 3000,
      host: '127.0.0.1',
      historyApiFallback: true,
      proxy: [{ context: proxiedPaths, target: `http://127.0.0.1:${apiPort}` }],
    },
  };
};
