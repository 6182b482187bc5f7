import type { ErrorType } from '@contesthub/shared';
import { MESSAGES } from '@contesthub/shared';

/**
 * The one error type services throw. The error handler turns it into the failure envelope;
 * anything else becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errorType?: ErrorType,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, extra?: Record<string, unknown>) {
    return new AppError(400, message, 'VALIDATION_ERROR', extra);
  }
  static unauthorized(message: string = MESSAGES.server.unauthorized, errorType: ErrorType = 'UNAUTHORIZED') {
    return new AppError(401, message, errorType);
  }
  static forbidden(message: string = MESSAGES.server.forbidden, errorType: ErrorType = 'FORBIDDEN', extra?: Record<string, unknown>) {
    return new AppError(403, message, errorType, extra);
  }
  static notFound(message: string) {
    return new AppError(404, message, 'NOT_FOUND');
  }
  static conflict(message: string, errorType: ErrorType = 'CONFLICT') {
    return new AppError(409, message, errorType);
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Drizzle wraps driver errors; the SQLSTATE sits on the cause (ARCHITECTURE.md pitfalls). */
export function sqlState(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a driver error names (a unique violation's index), wherever Drizzle put it. */
export function sqlConstraint(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const name = (cur as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
