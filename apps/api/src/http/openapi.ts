import { API_PREFIX } from '@portal/api-client';
import { z } from 'zod';
import type { RouteInfo } from './route';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // `unrepresentable: 'any'` keeps one exotic field from breaking the whole document.
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const errorBody = {
  type: 'object',
  required: ['status_code', 'message'],
  properties: {
    status_code: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    data: { type: 'object' },
  },
};

/** OpenAPI 3 document built from the route registry, so it lists exactly what is served. */
export function buildOpenApi(routes: readonly RouteInfo[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const e = r.endpoint;
    const path = r.url.slice(API_PREFIX.length).replace(/:([A-Za-z_]+)/g, '{$1}');
    const op: Record<string, unknown> = {
      summary: e.summary,
      tags: e.tags,
      operationId: `${e.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      parameters: [...parameters(e.params, 'path'), ...parameters(e.query, 'query')],
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: schemaOf(e.response, 'output') } } },
        default: { description: 'Error', content: { 'application/json': { schema: errorBody } } },
      },
      ...(r.auth ? { security: [{ bearer: [] }] } : { security: [] }),
    };
    if (e.body && e.method !== 'GET') {
      const json = schemaOf(e.body, 'input');
      const form = e.multipart && {
        type: 'object',
        properties: {
          [e.multipart.data]: { type: 'string', description: 'The JSON body as a string' },
          [e.multipart.files]: { type: 'array', items: { type: 'string', format: 'binary' } },
        },
      };
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: json }, ...(form ? { 'multipart/form-data': { schema: form } } : {}) },
      };
    }
    (paths[path] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Group Portal API', version: '1' },
    servers: [{ url: API_PREFIX }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
