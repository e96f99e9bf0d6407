// Every user-visible string of the web app's shell (DESIGN.md §2, STYLE.md §11). `site` is settings.siteName.
// The spec's texts (spec §2, §5, §8) keep its wording, spelt correctly (issue #33; spelling.test.ts keeps the
// old typos out). Sessions are 'Iniciar sesión' / 'Cerrar sesión' everywhere.

export const es = {
  shell: {
    skipLink: 'Saltar al contenido',
    loading: 'Cargando…',
    pageLoaded: (title: string) => `Página cargada: ${title}`,
    screenFailedTitle: 'No hemos podido cargar esta página',
    screenFailedText:
      'Puede que se haya cortado la conexión o que haya una versión nueva de la web. Vuelve a intentarlo.',
    retry: 'Reintentar',
    popupFailed: 'No se ha podido abrir. Comprueba tu conexión e inténtalo de nuevo.',
  },

  session: {
    loggedOut: 'Sesión cerrada',
    expired: 'Tu sesión ha caducado. Vuelve a entrar.',
  },

  header: {
    home: (site: string) => `${site}, ir al inicio`,
    /** The connection's line under the bar (issue #31): offline, the chat socket retrying, writes waiting. */
    offline: 'Sin conexión',
    connecting: 'Conectando…',
    waiting: (n: number) => (n === 1 ? '1 acción pendiente' : `${n} acciones pendientes`),
    mainNav: 'Principal',
    mapa: 'Mapa',
    canales: 'Canales',
    muro: 'Muro',
    searchLabel: 'Búsqueda',
    searchPlaceholder: 'Búsqueda',
    searchOpen: 'Abrir la búsqueda',
    searchClose: 'Cerrar la búsqueda',
    chat: 'Chat',
    chatUnread: (count: number) =>
      count === 1 ? '1 mensaje de chat sin leer' : `${count} mensajes de chat sin leer`,
    professionals: 'Profesionales',
    professionalsHint: 'Área de profesionales (se abre en una pestaña nueva)',
    contacto: 'Contacto',
    login: 'Iniciar sesión',
    register: 'Registro',
    logout: 'Cerrar sesión',
    opensInNewTab: '(se abre en una pestaña nueva)',
    pendingNotifications: (count: number) =>
      count === 1 ? '1 notificación pendiente' : `${count} notificaciones pendientes`,
    menuOpen: 'Abrir el menú',
    moderacion: 'Moderación',
    moderacionHint: 'Posts ocultos por denuncias, pendientes de revisión',
  },

  // Each screen's texts are in ./screens/<screen>.ts: they load with that screen's chunk, not with this entry.

  // --- screens ---
};
