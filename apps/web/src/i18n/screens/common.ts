// Texts of the common screen(s); each screen's file loads only with that screen's chunk.
export const esCommon = {
  joinFree: 'Únete gratis',
  logIn: 'Entrar',
  goHome: 'Volver al inicio',
  goMap: 'Ver el mapa',
  goWall: 'Ver el muro',
  goContact: 'Ir a contacto',
  goProfile: 'Ir a mi perfil',
  opensInNewTab: '(se abre en una pestaña nueva)',
  loading: 'Cargando…',
} as const;
