import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiFailure } from '@contesthub/shared';
import { isAppError } from '../lib/errors.js';

/** "/body/email" or "email" → "email"; nested paths keep their dots: "location.state". */
function fieldName(instancePath: string, params: unknown): string {
  const fromPath = instancePath
    .replace(/^\/?(body|querystring|params|headers)(?=\/|$)/, '')
    .replace(/^\//, '')
    .replace(/\//g, '.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? 'request';
}

/**
 * The one error handler: every failure leaves as the envelope {success:false, message, errorType?,
 * errors?}. Anything unexpected is logged in full and answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = fieldName(issue.instancePath, issue.params);
        errors[field] ??= issue.message ?? MESSAGES.server.validation;
      }
      const body: ApiFailure = {
        success: false,
        message: Object.values(errors)[0] ?? MESSAGES.server.validation,
        errorType: 'VALIDATION_ERROR',
        errors,
        errorCount: Object.keys(errors).length,
      };
      return reply.status(400).send(body);
    }
    if (isAppError(err)) {
      const body: ApiFailure = {
        success: false,
        message: err.message,
        ...(err.errorType ? { errorType: err.errorType } : {}),
        ...err.extra,
      };
      return reply.status(err.statusCode).send(body);
    }
    if (err.statusCode === 429) {
      return reply
        .status(429)
        .send({ success: false, message: MESSAGES.server.rateLimited, errorType: 'RATE_LIMITED' } satisfies ApiFailure);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large) are safe to show.
      return reply
        .status(err.statusCode)
        .send({ success: false, message: err.message, errorType: 'VALIDATION_ERROR' } satisfies ApiFailure);
    } else {
      req.log.error({ err }, 'unhandled error');
    }
    return reply.status(500).send({ success: false, message: MESSAGES.server.internal, errorType: 'INTERNAL_ERROR' } satisfies ApiFailure);
  });
}
