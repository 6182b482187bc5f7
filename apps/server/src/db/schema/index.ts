export * from './users.js';
export * from './ledger.js';
export * from './support.js';
export * from './contests.js';
export * from './payments.js';
export * from './events.js';
export * from './rate-limits.js';
export * from './notifications.js';
