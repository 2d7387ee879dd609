// Import boundaries between the packages (`npm run check:boundaries`, run by CI). See docs/decisions.md.
// Each rule is checked on what an import resolves to (a workspace package resolves to its folder), and on
// the bare name when it does not resolve, so a missing build or an undeclared package cannot hide one.

// Layers of the API (docs/architecture.md section 14): core < platform < modules; a module is one
// feature and reaches another only through core, the platform or shared (issue 25 §1), with no
// exception: what two features share is the platform's, core's or shared's, or is wired by a
// composition root (app.module.ts, worker-modules.ts, research-plugins.ts, bin/).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-imports-no-other-module',
      comment:
        'A feature module (api/src/modules/X) imports only core, the platform, shared and its own files (issue 25 §1): what two features share belongs in the platform, core or shared, or is wired through a registry.',
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/' },
      to: { path: '^api/src/modules/', pathNot: '^api/src/modules/$1/' },
    },
    {
      name: 'platform-imports-no-module',
      comment:
        "api/src/platform (the AI layer every feature uses: chats, credits, jobs, model rounds, engine, tool and plugin contracts, page text; the UK register's store) imports no feature module: features plug into it through contracts and registries.",
      severity: 'error',
      from: { path: '^api/src/platform/' },
      to: { path: '^api/src/modules/' },
    },
    {
      name: 'api-core-not-to-platform',
      comment: "api's core is below the platform: it does not import api/src/platform.",
      severity: 'error',
      from: { path: '^api/src/core/' },
      to: { path: '^api/src/platform/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles (issue 25 §1): a cycle means two files are one concern, or a type sits in the wrong file. A cycle made only of lazy import() calls (a page table and the pages it loads) is allowed: neither runs the other while loading.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'clients-not-to-api',
      comment: 'web and cli talk to the API over HTTP and share code through @credence/shared, never by importing api/.',
      severity: 'error',
      from: { path: '^(web|cli)/' },
      to: { path: ['^api/', '^@credence/api(/|$)'] },
    },
    {
      name: 'shared-no-frameworks',
      comment:
        'shared runs in the API, the browser and the terminal: no react-dom, ink, NestJS or TypeORM (only shared/src/react may use react).',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: ['(^|/)node_modules/(react-dom|ink|@nestjs/[^/]+|typeorm)/', '^(react-dom|ink|@nestjs/[^/]+|typeorm)(/|$)'] },
    },
    {
      name: 'shared-react-only-in-react',
      comment: 'react is an optional peer of shared: only shared/src/react (the hooks) may import it.',
      severity: 'error',
      from: { path: '^shared/', pathNot: '^shared/src/react/' },
      to: { path: ['(^|/)node_modules/react/', '^react(/|$)'] },
    },
    {
      name: 'shared-not-to-apps',
      comment: 'shared is below the apps: it imports none of api, web or cli.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: ['^(api|web|cli)/', '^@credence/(api|web|cli)(/|$)'] },
    },
    {
      name: 'api-core-not-to-modules',
      comment: "api's core is the base the feature modules build on: it does not import api/src/modules.",
      severity: 'error',
      from: { path: '^api/src/core/' },
      to: { path: '^api/src/modules/' },
    },
  ],
  options: {
    // Type-only imports count too: a type from @nestjs in shared still ties shared to NestJS.
    tsPreCompilationDeps: true,
    // Build output is seen (an import of @credence/shared resolves to shared/dist) but not cruised further;
    // excluding it would drop the import itself, and with it a client's import of the API's build.
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    exclude: { path: ['(^|/)\\.[^/]+/', 'api/test/fixtures/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
