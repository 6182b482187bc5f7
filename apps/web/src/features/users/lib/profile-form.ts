import type { TPublicUser, TUpdateProfileInput } from '@contesthub/shared';
import { withDefaults, type FullPreferences } from './preferences';

export interface PersonalInfoForm {
  fullName: string;
  phone: string;
  bio: string;
  dateOfBirth: string;
  gender: string;
  state: string;
  city: string;
}

/** The form's starting values: what the user has saved, empty strings for the blanks. */
export function formFromUser(user: TPublicUser): PersonalInfoForm {
  return {
    fullName: user.fullName,
    phone: user.phone ?? '',
    bio: user.bio ?? '',
    dateOfBirth: user.dateOfBirth ? user.dateOfBirth.slice(0, 10) : '',
    gender: user.gender ?? '',
    state: user.location.state ?? '',
    city: user.location.city ?? '',
  };
}

/**
 * A full PUT /auth/profile body. fullName and phone are required by the route, so every save sends
 * the whole saved profile with the edited part laid over it; nothing the user did not touch changes.
 */
export function profileBody(
  user: TPublicUser,
  overrides: {
    form?: PersonalInfoForm;
    preferences?: Omit<FullPreferences, 'notifications'> & Partial<Pick<FullPreferences, 'notifications'>>;
  } = {},
): TUpdateProfileInput {
  const f = overrides.form ?? formFromUser(user);
  return {
    fullName: f.fullName,
    phone: f.phone,
    bio: f.bio,
    dateOfBirth: f.dateOfBirth,
    gender: f.gender as TUpdateProfileInput['gender'],
    location: { state: f.state as NonNullable<TUpdateProfileInput['location']>['state'], city: f.city },
    preferences: overrides.preferences ?? withDefaults(user.preferences),
  };
}

/** Form field → zod/server error key. */
export const ERROR_KEYS: Record<keyof PersonalInfoForm, string> = {
  fullName: 'fullName',
  phone: 'phone',
  bio: 'bio',
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  state: 'location.state',
  city: 'location.city',
};
