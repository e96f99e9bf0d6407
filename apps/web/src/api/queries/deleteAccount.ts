import { useMutation } from '@tanstack/react-query';
import { call } from '../client';
import { messageOf } from './messageOf';

export const deleteAccountKey = ['deleteAccount'] as const;

/** POST /api/perfil/delete {password}: resolves to the server's farewell; the caller ends the session. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationKey: deleteAccountKey,
    mutationFn: (password: string) => messageOf(call('POST /perfil/delete', { body: { password } })),
  });
}
