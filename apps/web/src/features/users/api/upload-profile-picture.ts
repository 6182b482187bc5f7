import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfilePictureUploaded } from '@contesthub/shared';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { apiRequest } from '../../../lib/api';

export const uploadProfilePicture = (file: File) => {
  const body = new FormData();
  body.append('profilePicture', file);
  return apiRequest<TProfilePictureUploaded>('/auth/upload-profile-picture', { method: 'POST', body });
};

export const useUploadProfilePicture = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (res) => {
      queryClient.setQueryData(ME_QUERY_KEY, res.data.user);
    },
  });
};
