import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiFailure, type ErrorType } from '@contesthub/shared';
import { isAppError } from '../lib/errors.js';
import { isMultipartParseError } from '../lib/multipart.js';

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

const failure = (message: string, errorType: ErrorType, extra: Record<string, unknown> = {}): ApiFailure => ({
  success: false,
  message,
  errorType,
  ...extra,
});

/**
 * Fastify's own client errors, by code, in our words. Anything else below 500 keeps Fastify's
 * message (they are short and safe) with the status Fastify chose.
 */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string; errorType: ErrorType }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.server.payloadTooLarge, errorType: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.server.unsupportedMediaType, errorType: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: MESSAGES.server.unsupportedMediaType, errorType: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: MESSAGES.server.unsupportedMediaType, errorType: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.server.badRequest, errorType: 'VALIDATION_ERROR' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.server.badRequest, errorType: 'VALIDATION_ERROR' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.server.badRequest, errorType: 'BAD_REQUEST' },
  FST_ERR_CTP_INSTANCE_ALREADY_STARTED: { status: 500, message: MESSAGES.server.internal, errorType: 'INTERNAL_ERROR' },
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.server.badUrl, errorType: 'BAD_REQUEST' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MESSAGES.server.uriTooLong, errorType: 'URI_TOO_LONG' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many form fields', errorType: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many form fields', errorType: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files', errorType: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: MESSAGES.server.payloadTooLarge, errorType: 'FILE_TOO_LARGE' },
};

/** An unhandled failure as system monitoring keeps it (lib/metrics.ts RecordedFailure). */
export interface UnhandledFailure {
  method: string;
  route: string;
  status: number;
  message: string;
  requestId: string;
}

/**
 * What staff may read of an unhandled error: its message, never its stack; for a failed query the
 * database's own words (the cause), never the statement and its parameters.
 */
export function failureMessage(err: unknown): string {
  const e = err as { message?: unknown; cause?: { message?: unknown }; name?: unknown } | undefined;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (message.startsWith('Failed query')) {
    const cause = typeof e?.cause?.message === 'string' ? e.cause.message : 'database error';
    return `Database: ${cause}`.slice(0, 300);
  }
  const name = typeof e?.name === 'string' && e.name !== 'Error' ? `${e.name}: ` : '';
  return `${name}${message}`.slice(0, 300);
}

/**
 * The one error handler: every failure leaves as the envelope {success:false, message, errorType?,
 * errors?}. Anything unexpected is logged in full, handed to `onUnhandled` (system monitoring's
 * recent failures) and answered with a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance, opts: { onUnhandled?: (failure: UnhandledFailure) => void } = {}): void {
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
      return reply.status(429).send(failure(MESSAGES.server.rateLimited, 'RATE_LIMITED'));
    }
    const known = typeof err.code === 'string' ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known && known.status < 500) return reply.status(known.status).send(failure(known.message, known.errorType));
    if (isMultipartParseError(err)) {
      return reply.status(400).send(failure(MESSAGES.server.uploadUnreadable, 'BAD_REQUEST'));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's other client errors are short and safe to show.
      return reply.status(err.statusCode).send(failure(err.message, 'BAD_REQUEST'));
    } else {
      req.log.error({ err }, 'unhandled error');
    }
    opts.onUnhandled?.({
      method: req.method,
      route: req.routeOptions?.url ?? req.url,
      status: 500,
      message: failureMessage(err),
      requestId: String(req.id),
    });
    return reply.status(500).send(failure(MESSAGES.server.internal, 'INTERNAL_ERROR'));
  });
}

/** Errors the router raises before any route runs (bad percent-encoding, overlong parameter). */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, _req: FastifyRequest, reply: FastifyReply) => {
  const known = FRAMEWORK_ERRORS[err.code] ?? { status: 400, message: MESSAGES.server.badRequest, errorType: 'BAD_REQUEST' as const };
  void reply.status(known.status).send(failure(known.message, known.errorType));
};

/**
 * Requests Node's HTTP parser refuses (malformed request line or header, headers too large, too
 * slow): answered on the raw socket with the envelope, then the connection is closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, errorType] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, MESSAGES.server.requestTimeout, 'BAD_REQUEST'] as const)
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, MESSAGES.server.headersTooLarge, 'BAD_REQUEST'] as const)
        : ([400, MESSAGES.server.badRequest, 'BAD_REQUEST'] as const);
  const body = JSON.stringify(failure(message, errorType));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // end() flushes the answer, then closes; a peer that never reads is cut off shortly after.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 5_000).unref();
}
