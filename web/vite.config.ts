import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const shared = (path: string) => fileURLToPath(new URL(`../shared/src/${path}`, import.meta.url));

/**
 * Each text file of the client build beside its brotli (.br, quality 11) and gzip (.gz, level 9)
 * forms, which the API sends as they are (@fastify/static preCompressed): the best ratio costs
 * the build a few seconds and the server nothing. Not for the prerender's server build.
 */
const precompressed: Plugin = {
  ...compression({
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    threshold: 1024,
    logLevel: 'silent',
  }),
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
};

export default defineConfig({
  plugins: [react(), precompressed],
  resolve: {
    // The shared package from its TypeScript source: `npm test` builds the web app before shared's
    // dist exists on a fresh clone, and the bundler tree-shakes the source as well as the output.
    alias: [
      { find: /^@credence\/shared\/react$/, replacement: shared('react/index.ts') },
      { find: /^@credence\/shared$/, replacement: shared('index.ts') },
    ],
  },
  // the year the build ran: the public footer's copyright in the prerendered HTML and the client's
  // first render agree on it (hydration), then the client shows the visitor's current year
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // `npm run dev -w @credence/web`: the app on Vite's dev server, the API calls sent on to a running API.
  server: { proxy: { '/api': process.env.CREDENCE_API_URL ?? 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    reportCompressedSize: false,
    rolldownOptions: {
      // shared's modules only declare things (its package.json does not say so yet): an unused
      // export, such as the SIC code table, must not ride along into /login.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/shared/src/') },
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
