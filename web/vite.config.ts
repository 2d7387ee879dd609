import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const shared = (path: string) => fileURLToPath(new URL(`../shared/src/${path}`, import.meta.url));

export default defineConfig({
  plugins: [react()],
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
