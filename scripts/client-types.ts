// Renders the SDK's types (packages/client/src/openapi-types.ts) from the OpenAPI document the service serves.
// Used by `npm run generate:client` and by the test that fails when the committed types drift.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/store/open-store.js';

export const clientTypesFile = new URL('../packages/client/src/openapi-types.ts', import.meta.url);

/** The document served at /v1/openapi.json, from an app on a throw-away SQLite deployment. */
export async function servedDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-openapi-'));
  const config = loadConfig({}, { dataDir, logLevel: 'silent' });
  const app = await buildApp({ config, store: await openStore(config) });
  try {
    const response = await app.inject({ url: '/v1/openapi.json' });
    return response.json() as OpenAPI3;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript source of the types of a document. */
export async function renderClientTypes(document: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document, { silent: true });
  return `${COMMENT_HEADER}// Regenerate with \`npm run generate:client\`.\n\n${astToString(ast)}`;
}
