// One measurement: start the row's server, check that the request succeeds, warm up, measure, stop.
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

/** Sends the request once, as the load will, so that a row measuring only errors fails loudly instead. */
async function probe(url: string, request: LoadRequest): Promise<Headers> {
  const { path, headers, body } = probeRequest(request);
  const response = await fetch(url + path, { method: request.method, headers, body });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${request.method} ${path} answered ${response.status}: ${text}`);
  return response.headers;
}

export async function measure(
  server: ServerSpec,
  request: LoadRequest,
  generator: LoadGenerator,
  { connections, seconds, warmupSeconds }: MeasureOptions,
): Promise<{ figures: RoundResult; headers: Headers }> {
  const running = await startServer(server);
  try {
    const headers = await probe(running.url, request);
    const timeoutSeconds = 10;
    if (warmupSeconds > 0) {
      await generator.run(running.url, request, { connections, seconds: warmupSeconds, timeoutSeconds });
      request.sequentialIds?.assertWithinPool();
      // A slow server still works through the warm-up's queued requests; the measurement starts after them.
      await probe(running.url, request);
    }
    const stopWatching = running.watchRss();
    const result = await generator.run(running.url, request, { connections, seconds, timeoutSeconds });
    request.sequentialIds?.assertWithinPool();
    return { figures: { ...result, rssBytes: stopWatching() }, headers };
  } finally {
    await running.stop();
  }
}
