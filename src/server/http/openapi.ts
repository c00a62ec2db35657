import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, and its reference page. */
export async function installOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tribune API',
        description: 'The API behind the Tribune news site. Errors answer `{ error, message }`.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // No badge fetched from the public validator: the page makes no third-party requests.
    uiConfig: { validatorUrl: null },
    // Its default policy forbids the inline styles the page itself sets, and upgrades every
    // request to https, which breaks a plain-http setup.
    transformStaticCSP: (header) => {
      const styled = header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'");
      return publicUrl.startsWith('https:')
        ? styled
        : styled.replace('upgrade-insecure-requests;', '');
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
