// autocannon, in this process: the load generator that `npm install` always provides.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { withId } from './id-sequence.js';
import type { LoadGenerator } from './load-generator.js';

const version = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;

export const autocannonGenerator: LoadGenerator = {
  name: 'autocannon',
  version,
  async run(baseUrl, request, { connections, seconds, timeoutSeconds }) {
    const { randomIdUpTo, sequentialIds } = request;
    const result = await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      timeout: timeoutSeconds,
      requests: [
        {
          method: request.method,
          path: request.path,
          headers: request.headers,
          body: request.bodyFile ? readFileSync(request.bodyFile) : request.body,
          ...(randomIdUpTo && {
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              path: request.path + (1 + Math.floor(Math.random() * randomIdUpTo)),
            }),
          }),
          // In this process, so the sequence counts every id exactly as it is taken.
          ...(sequentialIds && {
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              ...withId(request, sequentialIds.take()),
            }),
          }),
        },
      ],
    });
    return {
      rps: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  },
};
