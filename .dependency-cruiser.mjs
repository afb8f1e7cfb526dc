// Import direction, checked by `npm run lint`. Every part of src/ has a rule naming what it may import, and the
// parts form layers: each may import only parts listed above it, so that no two parts import each other. This
// file checks that order when it loads. Below the table, finer rules: routes → services →
// store/repositories → store/dialects, only the dialects load a database driver, only the HTTP parts load
// Fastify, speed/ is reached through its entry alone, and the CLI and the client SDK stay clear of the HTTP
// server.
const fastifyPackages = '^node_modules/(fastify|@fastify/[^/]+|helmet)/';

/** The layers, lowest first: each part, what else it may import, and why. */
export const layers = [
  {
    part: 'domain',
    mayImport: [],
    name: 'domain-is-pure',
    why: 'pure rules: it imports nothing of the service',
  },
  { part: 'config.ts', mayImport: ['domain'], why: 'the settings, read once at start' },
  {
    part: 'left-out.ts',
    mayImport: [],
    why: 'the one hook by which a benchmark leaves a part out; only bench/ sets it',
  },
  {
    part: 'errors',
    mayImport: ['domain', 'config.ts'],
    why: 'the error catalogue, read by every layer that answers',
  },
  {
    part: 'images',
    mayImport: ['domain', 'errors'],
    why: 'photo processing with sharp: the type from the bytes, the pixel cap, the re-encoded sizes',
  },
  { part: 'store', mayImport: ['domain', 'config.ts'], why: 'the bottom layer: the database' },
  {
    part: 'redis',
    mayImport: [],
    why: 'the one Redis client, shared by the rate limiter and the versions: fails fast, never queues',
  },
  {
    part: 'limits',
    mayImport: ['domain', 'config.ts', 'redis'],
    why: 'rate-limiter wiring, memory or Redis',
  },
  {
    part: 'speed',
    mayImport: ['domain', 'config.ts', 'left-out.ts', 'errors', 'store', 'redis', 'limits'],
    why: 'read caches, the versions that keep them exact, and request batching, for the use cases; the limiter imports none of it, and shares its Redis round trip through limits/read-along.ts',
  },
  {
    part: 'metrics',
    mayImport: ['domain', 'config.ts', 'store', 'limits'],
    why: 'Prometheus counters; the HTTP parts record into them, and the /metrics app is HTTP (http/metrics-app.ts)',
  },
  {
    part: 'services',
    mayImport: ['domain', 'config.ts', 'left-out.ts', 'errors', 'images', 'store', 'limits', 'speed'],
    why: 'use cases, callable from the CLI: no HTTP, webhook delivery or metrics',
  },
  {
    part: 'webhook-delivery',
    mayImport: ['domain', 'config.ts', 'store', 'metrics', 'services'],
    why: 'the webhook delivery worker, a user of the services and the store like the CLI',
  },
  {
    part: 'http',
    mayImport: [
      'domain',
      'config.ts',
      'left-out.ts',
      'errors',
      'store',
      'limits',
      'metrics',
      'speed',
      'services',
    ],
    why: 'cross-cutting HTTP concerns',
  },
  { part: 'routes', mayImport: ['domain', 'errors', 'services', 'http'], why: 'one module per resource' },
  {
    part: 'web',
    mayImport: ['domain', 'errors', 'services', 'speed', 'http'],
    why: 'the public pages, beside routes at the same layer: they call the services, never the routes, nor the routes them',
  },
  {
    part: 'app.ts',
    mayImport: ['domain', 'config.ts', 'store', 'limits', 'metrics', 'services', 'http', 'routes', 'web'],
    why: 'buildApp: plugins, then routes, then error handlers',
  },
  {
    part: 'server',
    mayImport: ['domain', 'config.ts', 'store', 'limits', 'metrics', 'speed', 'services', 'http'],
    why: 'the process entry’s parts: cluster, first key, metrics port',
  },
  {
    part: 'server.ts',
    mayImport: ['config.ts', 'store', 'metrics', 'speed', 'services', 'webhook-delivery', 'app.ts', 'server'],
    why: 'the process entry',
  },
  {
    part: 'cli',
    mayImport: ['domain', 'config.ts', 'store', 'limits', 'services', 'server.ts', 'packages/client'],
    why: 'the petstore command: services, never the HTTP parts (serve loads server.ts lazily, see below)',
  },
];

const pathOf = (part) =>
  part.startsWith('packages/')
    ? `^${part}/`
    : part.endsWith('.ts')
      ? `^src/${part.replace('.', '\\.')}$`
      : `^src/${part}/`;

// A part that may import one listed below it would let two parts import each other.
layers.forEach(({ part, mayImport }, index) => {
  const above = new Set(layers.slice(0, index).map((layer) => layer.part));
  const late = mayImport.filter((other) => !above.has(other) && !other.startsWith('packages/'));
  if (late.length > 0) {
    throw new Error(
      `.dependency-cruiser.mjs: ${part} may import only parts above it, not ${late.join(', ')}`,
    );
  }
});

const layerRules = layers.map(({ part, mayImport, name, why }) => ({
  name: name ?? `imports-of-${part}`,
  comment: `${part}: ${why}. It imports only ${mayImport.join(', ') || 'itself'}.`,
  severity: 'error',
  from: { path: pathOf(part) },
  to: { path: '^(src|packages)/', pathNot: [pathOf(part), ...mayImport.map(pathOf)] },
}));

export default {
  forbidden: [
    ...layerRules,
    {
      name: 'part-in-the-table',
      comment: 'A new part of src/ gets its row in the layers above before it imports anything.',
      severity: 'error',
      from: { path: '^src/', pathNot: layers.map(({ part }) => pathOf(part)) },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No module imports itself through others, inside a part or across parts.',
      severity: 'error',
      from: { path: '^(src|packages)/' },
      to: { circular: true },
    },
    {
      name: 'speed-through-its-entry',
      comment:
        'speed/ (caches, versions, batching) is reached through its interface, src/speed/index.ts, never its parts.',
      severity: 'error',
      from: { pathNot: '^src/speed/' },
      to: { path: '^src/speed/', pathNot: '^src/speed/index\\.ts$' },
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
      from: { path: '^src/(routes|web|http)/' },
      to: { path: '^src/store/(repositories|dialects|migrations)/' },
    },
    {
      name: 'sharp-in-images',
      comment:
        'Only src/images/ loads sharp, set up there for untrusted uploads (src/images/sharp-library.ts).',
      severity: 'error',
      from: { pathNot: '^src/images/' },
      to: { path: '^node_modules/sharp/' },
    },
    {
      name: 'fastify-in-http-parts',
      comment:
        'Only the HTTP parts load Fastify, swagger or helmet: the CLI, services and store run without them.',
      severity: 'error',
      from: { path: '^(src|packages)/', pathNot: '^src/(http|routes|web|server)/|^src/(app|server)\\.ts$' },
      to: { path: fastifyPackages },
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
