import { useMutation } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { ExportLink } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf } from './apiData';

export const exportDataKey = ['exportData'] as const;

/** POST /api/perfil/export {password}: a link to the zip that works once, for a few minutes. */
export function useExportDataMutation() {
  return useMutation({
    mutationKey: exportDataKey,
    mutationFn: (password: string) =>
      dataOf(api.post<ApiEnvelope<ExportLink>>('/perfil/export', { password })),
  });
}
