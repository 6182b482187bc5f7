/** Every operations query (system health, financial reports) starts with this key. */
export const OPERATIONS_KEY = ['operations'] as const;

/** How often System Monitoring refreshes while it is shown. */
export const SYSTEM_HEALTH_REFRESH_MS = 30_000;
