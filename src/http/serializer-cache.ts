// Fastify's serializer compiler, remembering what it compiled: a response schema compiled once per process is
// reused by every app built later in it with the same shared schemas. A server builds one app and gains
// nothing, but the test suite and the bench build hundreds, and compiling every operation's responses
// (fast-json-stringify, which also validates each schema) was most of an app's start: about 0.8 s of 1.
import { createHash } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serialize = (data: unknown) => string;
type Build = ReturnType<typeof SerializerSelector>;

const compiled = new Map<string, Serialize>();
const buildDefault = SerializerSelector();

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** `compilersFactory.buildSerializer`: the default compiler, keyed by what its output depends on. */
export const buildCachedSerializer: Build = (externalSchemas, serializerOptions) => {
  const build = buildDefault(externalSchemas, serializerOptions);
  // The shared schemas and options are the same object for every route of an app: one digest an app.
  const context = digest([externalSchemas ?? null, serializerOptions ?? null]);
  return (route) => {
    const key = `${context}:${digest(route.schema)}`;
    let serialize = compiled.get(key);
    if (!serialize) compiled.set(key, (serialize = build(route) as Serialize));
    return serialize;
  };
};
