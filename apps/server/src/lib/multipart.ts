/**
 * Multipart requests that fail politely. The parser (@fastify/multipart over busboy) throws plain
 * errors for a body it cannot read; these helpers tell them apart from our own failures so every
 * one of them is a 4xx in the envelope, never a 500.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@contesthub/shared';
import { AppError } from './errors.js';

/** busboy's and dicer's words for a body that is not well-formed multipart. */
const PARSE_ERROR = /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed|Boundary required|The needle)/;

/** @fastify/multipart's own client-error codes. */
const CLIENT_CODES = new Set([
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

export function isMultipartParseError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && CLIENT_CODES.has(code)) || PARSE_ERROR.test(err.message);
}

export const uploadUnreadable = () => new AppError(400, MESSAGES.server.uploadUnreadable, 'BAD_REQUEST');

/** RFC 2046: 1–70 characters from a small set (quoted or bare). */
const BOUNDARY = /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{1,70})"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(?:;|$)/i;

function isMultipartType(contentType: string | undefined): boolean {
  return typeof contentType === 'string' && /^multipart\/form-data\b/i.test(contentType.trimStart());
}

/**
 * Run before any multipart body is read: a route that does not take multipart answers 415, and a
 * multipart body without a usable boundary answers 400, instead of the parser failing later.
 */
export function checkMultipartRequest(req: FastifyRequest): void {
  const type = req.headers['content-type'];
  if (!isMultipartType(type)) return;
  const consumes = (req.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  if (!consumes?.includes('multipart/form-data')) {
    throw new AppError(415, MESSAGES.server.unsupportedMediaType, 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (!BOUNDARY.test(type!)) throw uploadUnreadable();
}
