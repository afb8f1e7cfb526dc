// Import direction, checked by `npm run lint`: routes → services → store/repositories → store/dialects,
// the domain imports nothing of the service, and the CLI and the client SDK stay clear of the HTTP server.
const fastifyPackages = '^node_modules/(fastify|@fastify/[^/]+|helmet)/';

export default {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules: it imports nothing of the service but itself.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'store-below-services',
      comment: 'store/ is the bottom layer: no services, HTTP, routes, limits, metrics, CLI or server.',
      severity: 'error',
      from: { path: '^src/store/' },
      to: {
        path: [
          '^src/(services|http|routes|limits|metrics|cli|server|client)/',
          '^src/(app|server)\\.ts$',
          fastifyPackages,
        ],
      },
    },
    {
      name: 'drivers-in-dialects',
      comment: 'Only store/dialects/ imports the database drivers.',
      severity: 'error',
      from: { pathNot: '^src/store/dialects/' },
      to: { path: '^node_modules/(better-sqlite3|pg|pg-[^/]+)/' },
    },
    {
      name: 'routes-through-services',
      comment: 'Routes and HTTP plumbing reach the store through services, never repositories or dialects.',
      severity: 'error',
      from: { path: '^src/(routes|http)/' },
      to: { path: '^src/store/(repositories|dialects|migrations)/' },
    },
    {
      name: 'services-below-http',
      comment: 'services/ are use cases, callable from the CLI: no HTTP, routes, server or Fastify.',
      severity: 'error',
      from: { path: '^src/(services|limits|domain|errors)/|^src/config\\.ts$' },
      to: {
        path: ['^src/(http|routes|cli|server|metrics)/', '^src/(app|server)\\.ts$', fastifyPackages],
      },
    },
    {
      name: 'cli-without-fastify',
      comment:
        'cli/ uses services and never loads Fastify, swagger or helmet; only `serve` reaches the server (see next rule).',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: ['^src/(http|routes|server|metrics)/', '^src/app\\.ts$', fastifyPackages] },
    },
    {
      name: 'cli-serves-lazily',
      comment:
        'The serve command loads src/server.ts with a dynamic import, so that other commands never load Fastify.',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/server\\.ts$', dynamic: false },
    },
    {
      name: 'client-standalone',
      comment: 'The client SDK is published on its own: it imports nothing of the server.',
      severity: 'error',
      from: { path: '^packages/client/' },
      to: { path: '^src/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // The workspace's SDK resolves to its sources, as in tsconfig.json.
      conditionNames: ['petstore-source', 'import', 'require', 'node', 'default'],
    },
  },
};
