/** My Contests texts (spec 001 §8), verbatim. */
export const MY_CONTESTS_MESSAGES = {
  loadFailedTitle: 'Error',
  loadFailed: 'Failed to load your contests. Please try again.',
  refreshedTitle: 'Refreshed',
  refreshed: 'Contest statuses updated',
  refreshFailed: 'Failed to refresh contests',
  deletedTitle: 'Deleted',
  deleted: 'Contest deleted successfully',
  deleteFailed: 'Failed to delete contest',
  updatedTitle: 'Contest Updated',
  updated: 'Your contest has been updated successfully!',
  updateFailed: 'Failed to update contest. Please try again.',
  cannotDeleteTitle: 'Cannot Delete Contest',
} as const;

/**
 * The edit failure text (spec 001 §8): the server's message, else the error's message, else its
 * error field, else the default.
 */
export function updateFailureText(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { body?: { message?: unknown }; message?: unknown; error?: unknown };
    for (const candidate of [e.body?.message, e.message, e.error]) {
      if (typeof candidate === 'string' && candidate.trim()) return candidate;
    }
  }
  return MY_CONTESTS_MESSAGES.updateFailed;
}

/** A failure's text, or the fallback when it has none. */
export function failureText(err: unknown, fallback: string): string {
  const message = err instanceof Error ? err.message : undefined;
  return message?.trim() ? message : fallback;
}
