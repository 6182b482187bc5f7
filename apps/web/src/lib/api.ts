/**
 * The one API client. It speaks the server's envelope, turns every failure into an ApiError with
 * the spec's message rules, refreshes an expired login once (shared by concurrent calls), and
 * raises the session-expired and user-banned events the shell listens to.
 */
import { MESSAGES, type ApiFailure, type ApiSuccess, type TTokens } from '@contesthub/shared';
import { deviceId } from './device-id';
import { takeFirstData } from './first-data';
import { tokenStore } from './storage';

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly errorType?: string,
    public readonly fieldErrors?: Record<string, string>,
    public readonly errorCount?: number,
    public readonly body?: ApiFailure,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type AuthEvent = { type: 'session-expired' } | { type: 'user-banned'; message: string; reason?: string };
const listeners = new Set<(e: AuthEvent) => void>();
export const authEvents = {
  on(fn: (e: AuthEvent) => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  emit(e: AuthEvent): void {
    listeners.forEach((fn) => fn(e));
  },
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Message rules (spec 000 §7): errors list joined, string as is, object's first value, else message. */
export function messageOf(body: ApiFailure): string {
  const { errors } = body;
  if (Array.isArray(errors) && errors.length) return errors.join(', ');
  if (typeof errors === 'string' && errors) return errors;
  if (errors && typeof errors === 'object') {
    const first = Object.values(errors)[0];
    if (typeof first === 'string' && first) return first;
  }
  return body.message || MESSAGES.toast.serverErrorMessage;
}

function toFailure(status: number, body: ApiFailure): ApiError {
  const fieldErrors = body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors) ? body.errors : undefined;
  const count = typeof body.errorCount === 'number' ? body.errorCount : undefined;
  return new ApiError(messageOf(body), status, body.errorType, fieldErrors, count, body);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (path === '/votes' && opts.method === 'POST') headers['x-device-id'] = deviceId();
  const url = buildUrl(path, opts.query);
  if ((opts.method ?? 'GET') === 'GET' && !opts.signal?.aborted) {
    const early = await takeFirstData(url, token);
    if (early) return early;
  }
  try {
    return await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(MESSAGES.transport.network, 0, 'NETWORK_ERROR');
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; every caller waiting on an expired token shares its outcome. */
function refreshLogin(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = tokenStore.refreshToken;
    if (!refreshToken) return false;
    try {
      const res = await send('/auth/refresh', { method: 'POST', body: { refreshToken } }, null);
      if (!res.ok) return false;
      const body = (await res.json()) as ApiSuccess<TTokens>;
      tokenStore.set(body.data.token, body.data.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<ApiSuccess<T>> {
  const hadToken = tokenStore.token;
  let res = await send(path, opts, hadToken);
  if (res.status === 401 && hadToken && tokenStore.refreshToken) {
    if (await refreshLogin()) {
      res = await send(path, opts, tokenStore.token);
    } else {
      tokenStore.clear();
      authEvents.emit({ type: 'session-expired' });
    }
  }

  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(MESSAGES.transport.invalidResponse, res.status, 'INVALID_RESPONSE');
  }
  if (!body || typeof body !== 'object' || !('success' in body)) {
    throw new ApiError(MESSAGES.transport.invalidResponse, res.status, 'INVALID_RESPONSE');
  }
  if (res.ok && (body as { success: boolean }).success) return body as ApiSuccess<T>;

  const failure = body as ApiFailure;
  if (res.status === 403 && (failure.errorType === 'ACCOUNT_BANNED' || /banned/i.test(failure.message ?? ''))) {
    tokenStore.clear();
    authEvents.emit({
      type: 'user-banned',
      message: failure.message,
      reason: typeof failure.reason === 'string' ? failure.reason : undefined,
    });
  }
  throw toFailure(res.status, failure);
}

/**
 * The answer never arrived (no connection, an unreadable answer) or the server failed mid-way: a call
 * that moves money may or may not have taken effect, so its retry must carry the same Idempotency-Key.
 */
export const answerLost = (err: unknown) =>
  !(err instanceof ApiError) || err.status === 0 || err.status >= 500 || err.errorType === 'INVALID_RESPONSE';

/** The data of a successful call; most hooks only need this. */
export async function apiData<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}
