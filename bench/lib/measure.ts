// One measurement: start the row's server, check that the request succeeds, warm up, measure, stop.
import { readFileSync } from 'node:fs';
import { withId } from './load/id-sequence.js';
import type { LoadGenerator, LoadRequest } from './load/load-generator.js';
import type { RoundResult } from './medians.js';
import { startServer, type ServerSpec } from './server-process.js';

export interface MeasureOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/** The probe's request: the first random id, or the sequence's next one (which it uses up). */
const probeRequest = (request: LoadRequest) =>
  request.sequentialIds
    ? withId(request, request.sequentialIds.take())
    : { ...request, path: request.randomIdUpTo ? `${request.path}1` : request.path };

/**
 * Sends the request once, as the load will, so that a row measuring only errors fails loudly instead. A 503
 * with Retry-After is waited out: uploads the warm-up left in the server's processing slots (docs/photos.md).
 */
async function probe(url: string, request: LoadRequest): Promise<Headers> {
  const { path, headers, body } = probeRequest(request);
  const sent = request.bodyFile ? readFileSync(request.bodyFile) : body;
  const send = () => fetch(url + path, { method: request.method, headers, body: sent });
  let response = await send();
  for (
    let waited = 0;
    response.status === 503 && response.headers.has('retry-after') && waited < 60;
    waited++
  ) {
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    response = await send();
  }
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${request.method} ${path} answered ${response.status}: ${text}`);
  return response.headers;
}

/** Load sent beside the measured request, through the warm-up and the measurement; its figures are not kept. */
export interface AlongsideLoad {
  request: LoadRequest;
  connections: number;
}

export async function measure(
  server: ServerSpec,
  request: LoadRequest,
  generator: LoadGenerator,
  { connections, seconds, warmupSeconds }: MeasureOptions,
  alongside?: AlongsideLoad,
): Promise<{ figures: RoundResult; headers: Headers }> {
  const running = await startServer(server);
  let beside: Promise<unknown> | undefined;
  try {
    const headers = await probe(running.url, request);
    const timeoutSeconds = 10;
    if (alongside) {
      const options = {
        connections: alongside.connections,
        seconds: warmupSeconds + seconds,
        timeoutSeconds,
      };
      beside = generator.run(running.url, alongside.request, options);
    }
    if (warmupSeconds > 0) {
      await generator.run(running.url, request, { connections, seconds: warmupSeconds, timeoutSeconds });
      request.sequentialIds?.assertWithinPool();
      // A slow server still works through the warm-up's queued requests; the measurement starts after them.
      await probe(running.url, request);
    }
    const stopWatching = running.watchRss();
    const result = await generator.run(running.url, request, { connections, seconds, timeoutSeconds });
    request.sequentialIds?.assertWithinPool();
    const memory = stopWatching();
    await beside;
    alongside?.request.sequentialIds?.assertWithinPool();
    return { figures: { ...result, ...memory }, headers };
  } finally {
    await beside?.catch(() => {});
    await running.stop();
  }
}
