import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isOk } from '../client';
import { uploadForm } from '../upload';
import { session } from '../../session/session';
import { ApiFailure } from './apiData';
import { ownProfileKey, type OwnProfile } from './ownProfile';

export const updateProfileKey = ['updateProfile'] as const;

export interface ProfileChanges {
  /** Undefined: left as it is. */
  d?: string;
  avatar?: File;
  cover?: File;
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/perfil (multipart `d`, `imgperfil`, `imgcab`). On OK the session takes the new i, ic and d, so the
 * header and the wall's profile card change at once; lists that show the old avatar are fetched again.
 */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateProfileKey,
    mutationFn: async ({ d, avatar, cover, onProgress }: ProfileChanges) => {
      const form = { d, imgperfil: avatar, imgcab: cover };
      const answer = await uploadForm('POST /perfil', { form }, { onProgress });
      if (!isOk(answer) || !answer.data) throw new ApiFailure(answer === false ? undefined : answer.msg);
      return { msg: answer.msg, user: answer.data };
    },
    onSuccess: ({ user }) => {
      session.updateUser(user);
      queryClient.setQueryData<OwnProfile>(ownProfileKey, (profile) =>
        profile ? { ...profile, imgperfil: user.i, imgcab: user.ic, d: user.d } : profile,
      );
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ownProfileKey[0] });
    },
  });
}
