import { z } from 'zod';
import { documented } from '../route.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const parameters = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
};

let cached: { version: string; count: number; document: object } | undefined;

/** The OpenAPI 3 document of every route declared with defineRoute, built from its zod schemas. */
export const openApiDocument = (version: string): object => {
  if (cached && cached.version === version && cached.count === documented.length) return cached.document;
  const paths: Record<string, Record<string, object>> = {};
  for (const route of documented) {
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses: {
        '200': {
          description: 'OK',
          ...(route.response
            ? { content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
            : {}),
        },
        '400': { description: 'Bad input: { Message } names the field' },
        '404': { description: 'Not found: { Message }' },
        ...(route.permission
          ? {
              '401': { description: 'No session: sign in with a staff account' },
              '403': {
                description: `A customer, or a staff role without the ${route.permission} permission`,
              },
            }
          : {}),
      },
      // The permission a staff session's role needs (core/accounts/staff/permissions.ts).
      ...(route.permission ? { 'x-foyer-permission': route.permission } : {}),
    };
    if (route.payload)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.payload, 'input') } },
      };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const document = {
    openapi: '3.0.3',
    info: { title: 'Foyer API', version },
    paths,
  };
  cached = { version, count: documented.length, document };
  return document;
};
