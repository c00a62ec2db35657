import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * Each route's answers are written by a serializer compiled from the route's own zod schema
 * (through its JSON Schema, by fast-json-stringify), without checking them again: the answers
 * are made by our own code from values the database and our types already hold, and zod's
 * check of every answer cost a tenth of the article detail's CPU. Like zod's, the compiled
 * serializer writes only the properties the schema names, so a field added to a row by mistake
 * never reaches a reader.
 *
 * What a schema cannot say in JSON Schema (the article body's document, a `z.custom`) is
 * written as it is, as zod's check let it through. The tests serialize every answer both ways
 * and fail on any difference, and on any answer zod refuses (checkedSerializerCompiler), so
 * dropping the check at run time loses nothing the tests would not catch.
 */
export const answerSerializerCompiler: SerializerCompiler = ({ schema }) => compiled(schema);

/**
 * For the tests: every answer is written by the compiled serializer, checked against its zod
 * schema as before, and compared with what zod's serializer writes; a difference is an error.
 */
export const checkedSerializerCompiler: SerializerCompiler = (route) => {
  const fast = compiled(route.schema);
  const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  return (data: unknown) => {
    const json = fast(data);
    const expected = checked(data);
    if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(expected))) {
      throw new Error(
        `The compiled serializer of ${route.method} ${route.url} wrote ${json} ` +
          `where the schema's answer is ${expected}`,
      );
    }
    return json;
  };
};

function compiled(schema: unknown): (data: unknown) => string {
  // A route's answer schema, or (in Fastify's shape for a status's several types) its properties.
  const zod =
    schema instanceof z.ZodType ? schema : (schema as { properties: z.ZodType }).properties;
  const jsonSchema = z.toJSONSchema(zod, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}
