/** The tabs of /perfil, named by the `tab` query (spec §2); the first is the default. */
export const PROFILE_TABS = ['perfil', 'muro', 'lugares', 'canal', 'notificaciones'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function profileTabFrom(query: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(query ?? '') ? (query as ProfileTab) : 'perfil';
}
