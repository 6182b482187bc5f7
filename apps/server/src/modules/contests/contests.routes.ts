import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const contestRoutes: FastifyPluginAsyncZod = async () => {};
