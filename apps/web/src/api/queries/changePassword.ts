import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@nomadas/shared/schemas';
import { call } from '../client';
import { messageOf } from './messageOf';

export const changePasswordKey = ['changePassword'] as const;

/** POST /api/perfil/password: this session stays, the others end. Resolves to the server's msg. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationKey: changePasswordKey,
    mutationFn: (body: ChangePasswordBody) => messageOf(call('POST /perfil/password', { body })),
  });
}
