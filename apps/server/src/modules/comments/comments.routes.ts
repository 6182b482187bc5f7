import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const commentRoutes: FastifyPluginAsyncZod = async () => {};
