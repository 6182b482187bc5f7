import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const reportRoutes: FastifyPluginAsyncZod = async () => {};
