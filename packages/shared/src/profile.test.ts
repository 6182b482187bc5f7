import { describe, expect, it } from 'vitest';
import { PROFILE_COMPLETION_FIELDS } from './constants.js';
import { profileCompletion } from './profile.js';

const full = {
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  phone: '+2348012345678',
  profilePicture: '/media/ada.jpg',
  bio: 'Photographer',
  dateOfBirth: '1995-04-12',
  gender: 'female',
  state: 'Lagos',
  city: 'Ikeja',
};

describe('profileCompletion', () => {
  it('counts nine fields', () => {
    expect(PROFILE_COMPLETION_FIELDS).toHaveLength(9);
    expect(Object.keys(full).sort()).toEqual([...PROFILE_COMPLETION_FIELDS].sort());
  });

  it('is 0 for nothing and 100 for everything', () => {
    expect(profileCompletion({})).toBe(0);
    expect(profileCompletion(full)).toBe(100);
  });

  it('rounds the share of filled fields', () => {
    expect(profileCompletion({ fullName: 'Ada', email: 'a@b.co' })).toBe(22); // 2/9 = 22.2
    expect(profileCompletion({ fullName: 'Ada', email: 'a@b.co', phone: '+2348012345678', bio: 'x' })).toBe(44); // 44.4
    expect(profileCompletion({ fullName: 'Ada', email: 'a@b.co', phone: '+2348012345678', bio: 'x', city: 'Ikeja' })).toBe(56); // 55.6
  });

  it('does not count empty, blank or missing values', () => {
    expect(profileCompletion({ ...full, bio: '   ', phone: null, profilePicture: undefined, city: '' })).toBe(56); // 5/9
  });
});
