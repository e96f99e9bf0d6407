import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@nomadas/shared/schemas';
import { call } from '../client';
import { messageOf } from './messageOf';
import { ownProfileKey } from './ownProfile';

export const changeEmailKey = ['changeEmail'] as const;

/** POST /api/perfil/email: mails the link to the new address; the profile then shows it as pending. */
export function useChangeEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeEmailKey,
    mutationFn: (body: ChangeEmailBody) => messageOf(call('POST /perfil/email', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownProfileKey }),
  });
}
