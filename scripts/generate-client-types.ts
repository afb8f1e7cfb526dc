// `npm run generate:client`: rewrites packages/client/src/openapi-types.ts from the served OpenAPI document.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clientTypesFile, renderClientTypes, servedDocument } from './client-types.js';

writeFileSync(clientTypesFile, await renderClientTypes(await servedDocument()));
console.log(`Wrote ${fileURLToPath(clientTypesFile)}`);
