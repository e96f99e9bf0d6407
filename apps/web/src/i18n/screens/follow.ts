// Texts of the follow button, shared by the wall ('Otros muros', post menus) and the profiles.
export const esFollow = {
  follow: 'Seguir',
  unfollow: 'Dejar de seguir',
  followUser: (username: string) => `Seguir a ${username}`,
  unfollowUser: (username: string) => `Dejar de seguir a ${username}`,
  visitorTitle: '¡Únete a la comunidad!',
  visitorText: 'Para poder seguir a otros nómadas necesitas estar registrado',
} as const;
