/** The service worker's texts (src/pwa): apart from es.ts, they arrive with their lazy chunk. */
export const esPwa = {
  updateAvailable: 'Nueva versión disponible',
  update: 'Actualizar',
  updating: 'Actualizando…',
};
