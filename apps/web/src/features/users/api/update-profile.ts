import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateProfile, TUserAnswer } from '@contesthub/shared';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { apiRequest } from '../../../lib/api';

export const updateProfile = (input: TUpdateProfile) => apiRequest<TUserAnswer>('/auth/profile', { method: 'PUT', body: input });

/** Saves the profile and shows the answer's user everywhere at once (header, banner, pages). */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (res) => queryClient.setQueryData(ME_QUERY_KEY, res.data.user),
  });
};
