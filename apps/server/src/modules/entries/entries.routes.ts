import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const entryRoutes: FastifyPluginAsyncZod = async () => {};
