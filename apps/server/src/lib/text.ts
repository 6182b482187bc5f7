import { findUnstorableText, unstorableTextMessage } from '@contesthub/shared';
import { AppError } from './errors.js';

/** The 400 for a field holding a character the database cannot keep (the shared text rule). */
export function unstorableText(field: string): AppError {
  const message = unstorableTextMessage(field);
  return AppError.badRequest(message, { errors: { [field || 'request']: message }, errorCount: 1 });
}

/** For input read outside the route schemas (multipart fields, file names): throws that 400. */
export function refuseUnstorableText(value: unknown, field = ''): void {
  const inner = findUnstorableText(value);
  if (inner === undefined) return;
  throw unstorableText(field && inner ? `${field}.${inner}` : field || inner);
}
