export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  pricing: () => ['subscriptions', 'pricing'] as const,
  current: () => ['subscriptions', 'current'] as const,
  history: (page: number, limit: number) => ['subscriptions', 'history', { page, limit }] as const,
};
