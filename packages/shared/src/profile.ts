import { PROFILE_COMPLETION_FIELDS } from './constants.js';

export type ProfileCompletionInput = Partial<Record<(typeof PROFILE_COMPLETION_FIELDS)[number], unknown>>;

/** Rounded percent of the nine profile fields that are filled (spec 001 §5). */
export function profileCompletion(profile: ProfileCompletionInput): number {
  const filled = PROFILE_COMPLETION_FIELDS.filter((f) => {
    const v = profile[f];
    return v !== null && v !== undefined && String(v).trim() !== '';
  }).length;
  return Math.round((filled / PROFILE_COMPLETION_FIELDS.length) * 100);
}
