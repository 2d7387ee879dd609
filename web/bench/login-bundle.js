// The JavaScript /login downloads, gzipped, beside baselines built in the same run:
//   bare React      a createRoot(...).render(<p/>) bundle: the floor of any React page
//   React + router  the same with react-router's data router and one route
// Budgets: <= 150 KB gzipped for /login (issue 6); <= 120 KB for / with none of the signed-in
// app's chunks (issue 18). Usage: npm run bench -w @credence/web
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(web, '.bench-tmp');
const BUDGET_KB = 150;
const LANDING_BUDGET_KB = 120;
/**
 * Modules `/` must not load: the signed-in app's, and the typed client's calls (its chunk comes on
 * the first API call, with a form sent; the app's pages fetch it beside their own chunk).
 */
const APP_ONLY = /^src\/(pages\/|features\/(research|screener|explorer|help|upcoming)\/|features\/api\/typed-client|app\/app-shell)/;
/** The typed client's chunk: /login fetches it beside the login page (app/pages.ts). */
const TYPED_CLIENT = 'src/features/api/typed-client.ts';

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JS files an entry pulls in: its own chunk and, recursively, its static imports. */
function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

/** The manifest entries an entry pulls in (for the check that `/` loads no app page). */
function closureKeys(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (!manifest[key] || seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen];
}

function measure(outDir, keys) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const files = closure(manifest, keys);
  const sizes = files.map((file) => ({ file, raw: readFileSync(join(outDir, file)).length, gzip: gz(join(outDir, file)) }));
  return { files: sizes, gzip: sizes.reduce((a, f) => a + f.gzip, 0), raw: sizes.reduce((a, f) => a + f.raw, 0) };
}

async function buildBaseline(name, source) {
  const root = join(work, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.jsx"></script>');
  writeFileSync(join(root, 'main.jsx'), source);
  const outDir = join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
  return measure(outDir, ['index.html']);
}

rmSync(work, { recursive: true, force: true });
try {
  const started = performance.now();
  const bare = await buildBaseline(
    'bare-react',
    `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<p>Hello</p>);\n`,
  );
  const routed = await buildBaseline(
    'react-router',
    `import { createRoot } from 'react-dom/client';\nimport { createBrowserRouter } from 'react-router';\nimport { RouterProvider } from 'react-router/dom';\n` +
      `const router = createBrowserRouter([{ path: '/', element: <p>Hello</p> }]);\ncreateRoot(document.getElementById('root')).render(<RouterProvider router={router} />);\n`,
  );
  const appOut = join(work, 'app');
  await build({ root: web, logLevel: 'silent', build: { outDir: appOut, emptyOutDir: true } });
  const login = measure(appOut, ['index.html', 'src/pages/login-page.tsx', TYPED_CLIENT]);
  const landingEntries = ['index.html', 'src/public/layout/public-layout.tsx', 'src/public/pages/landing-page.tsx'];
  const landing = measure(appOut, landingEntries);
  const manifest = JSON.parse(readFileSync(join(appOut, '.vite', 'manifest.json'), 'utf8'));
  const appInLanding = closureKeys(manifest, landingEntries).filter((key) => APP_ONLY.test(key));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  console.log(`/login JavaScript, gzipped (level 9), three builds in ${seconds} s:\n`);
  const rows = [
    ['bare React (baseline)', bare],
    ['React + react-router (baseline)', routed],
    ['Credence /login', login],
    ['Credence / (landing)', landing],
  ];
  for (const [label, m] of rows) {
    console.log(
      `  ${label.padEnd(34)} ${kb(m.gzip).padStart(9)} gzipped  ${kb(m.raw).padStart(9)} raw  ${m.files.length} file(s)  x${(m.gzip / bare.gzip).toFixed(2)} of bare React`,
    );
  }
  console.log(`\n  /login over React + react-router: +${kb(login.gzip - routed.gzip)} (the app's own code, shared's rules and client)`);
  console.log('\n  files /login loads:');
  for (const f of login.files.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${f.file.padEnd(44)} ${kb(f.gzip).padStart(9)}`);
  console.log('\n  files / loads:');
  for (const f of landing.files.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${f.file.padEnd(44)} ${kb(f.gzip).padStart(9)}`);
  const met = login.gzip <= BUDGET_KB * 1024;
  console.log(`\n  /login budget ${BUDGET_KB} KB: ${met ? 'met' : 'NOT MET'} (${kb(login.gzip)})`);
  const landingMet = landing.gzip <= LANDING_BUDGET_KB * 1024 && appInLanding.length === 0;
  console.log(
    `  / budget ${LANDING_BUDGET_KB} KB, no signed-in app code: ${landingMet ? 'met' : 'NOT MET'} (${kb(landing.gzip)}; app modules: ${appInLanding.join(', ') || 'none'})`,
  );
  process.exitCode = met && landingMet ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
