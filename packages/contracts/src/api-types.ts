/**
 * The TypeScript types of /openapi.json (for a typed client such as openapi-fetch), written to
 * generated/api.d.ts by `npm run api-types -w @baton/contracts`. Node-only: not exported by index.ts.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from './openapi';

/** Where the checked-in types live (a test keeps them equal to a fresh generation). */
export const apiTypesFile = fileURLToPath(new URL('../generated/api.d.ts', import.meta.url));

const header = `/**
 * Generated from /openapi.json (packages/contracts/src/openapi.ts) by openapi-typescript:
 * do not edit; run \`npm run api-types -w @baton/contracts\` (a test fails while this file is stale).
 */
`;

/** The types of the document the gateway serves, as the checked-in file holds them. */
export async function apiTypes() {
  // As JSON text: openapi-typescript's own types know OpenAPI 3.0's licence (a url), not 3.1's identifier.
  const ast = await openapiTS(JSON.stringify(openApiDocument()));
  return `${header}${astToString(ast).trimEnd()}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(apiTypesFile, await apiTypes());
  console.log(`wrote ${apiTypesFile}`);
}
