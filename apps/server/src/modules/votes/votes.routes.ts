import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const voteRoutes: FastifyPluginAsyncZod = async () => {};
