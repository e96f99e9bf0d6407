import { useMutation } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';

export const exportDataKey = ['exportData'] as const;

/** POST /api/perfil/export {password}: a link to the zip that works once, for a few minutes. */
export function useExportDataMutation() {
  return useMutation({
    mutationKey: exportDataKey,
    mutationFn: (password: string) => dataOf(call('POST /perfil/export', { body: { password } })),
  });
}
