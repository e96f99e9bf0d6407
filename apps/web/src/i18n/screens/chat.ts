// Texts of the chat panel (spec §2 "Chat panel", "Anonymous chat"); they load with the panel's chunk. The
// spec's texts are kept to the letter.
import { CHAT_TEXT_MAX, officialMessageLabel } from '@nomadas/shared';

export const esChat = {
  title: 'Chat',
  close: 'Cerrar el chat',
  open: 'Abrir el chat',
  openUnread: (count: number) =>
    `Abrir el chat, ${count === 1 ? '1 mensaje sin leer' : `${count} mensajes sin leer`}`,
  loadingPanel: 'Cargando el chat…',
  tabs: { chats: 'Chats', amigos: 'Amigos' },
  tabsLabel: 'Conversaciones y amigos',

  list: {
    loading: 'Cargando conversaciones…',
    failed: 'No hemos podido cargar tus conversaciones.',
    retry: 'Reintentar',
    emptyTitle: 'Aún no tienes conversaciones',
    emptyText: 'Escribe a tus amigos desde la pestaña Amigos o con «Enviar mensaje» en su perfil.',
    official: 'Oficial',
    you: 'Tú: ',
    unread: (count: number) => (count === 1 ? '1 mensaje sin leer' : `${count} mensajes sin leer`),
    blocked: 'Usuario bloqueado',
    noMessages: 'Sin mensajes todavía',
  },

  friends: {
    loading: 'Cargando amigos…',
    failed: 'No hemos podido cargar tus amigos.',
    emptyTitle: 'Todavía no tienes amigos',
    emptyText: 'Cuando sigas a alguien y te siga, podréis escribiros desde aquí.',
    goWall: 'Buscar nómadas en el muro',
    write: (name: string) => `Escribir a ${name}`,
  },

  conversation: {
    back: 'Volver a los chats',
    profile: (name: string) => `Ver el perfil de ${name}`,
    block: 'Bloquear',
    unblock: 'Desbloquear',
    blockHint: (name: string) => `Bloquear a ${name}: no podréis enviaros mensajes`,
    blockConfirm: {
      title: (name: string) => `¿Bloquear a ${name}?`,
      text: 'No podréis enviaros mensajes y dejaréis de ver vuestra posición en el mapa. Puedes desbloquearlo cuando quieras desde esta conversación.',
      accept: 'Bloquear',
      cancel: 'Cancelar',
    },
    unblockHint: (name: string) => `Desbloquear a ${name}`,
    blocked: 'Usuario bloqueado',
    blockedText: 'No recibirás sus mensajes ni podrás escribirle hasta que lo desbloquees.',
    official: officialMessageLabel,
    officialReadOnly: 'Los mensajes oficiales no se pueden responder.',
    loading: 'Cargando la conversación…',
    failed: 'No hemos podido abrir esta conversación.',
    loadingOlder: 'Cargando mensajes anteriores…',
    empty: (name: string) => `Aún no hay mensajes. ¡Saluda a ${name}!`,
    messagesLabel: (name: string) => `Mensajes con ${name}`,
    mine: 'Tú',
    pending: 'Enviando…',
    delivered: 'Entregado',
    read: 'Leído',
    waiting: 'Se enviará al volver la conexión',
    failedLabel: 'No enviado',
    retry: 'Reintentar',
    discard: 'Descartar',
  },

  composer: {
    label: 'Escribe un mensaje',
    placeholder: 'Escribe un mensaje…',
    hint: 'Intro envía · Mayús+Intro salto de línea',
    send: 'Enviar',
    counter: (used: number) => `${used} / ${CHAT_TEXT_MAX}`,
    counterLabel: (used: number) => `${used} de ${CHAT_TEXT_MAX} caracteres`,
    tooLong: `El mensaje no puede ocupar más de ${CHAT_TEXT_MAX} caracteres`,
    emoji: 'Insertar emoji',
  },

  emoji: {
    title: 'Emojis',
    search: 'Buscar emoji',
    searchPlaceholder: 'Buscar (p. ej. sol, coche, corazón)',
    categoriesLabel: 'Categorías',
    noResults: 'Ningún emoji coincide con la búsqueda',
    loading: 'Cargando emojis…',
    failed: 'No se han podido cargar los emojis.',
    close: 'Cerrar los emojis',
    /** Spec §2: the eight categories. */
    categories: {
      people: 'Personas',
      nature: 'Naturaleza',
      foods: 'Comida',
      activity: 'Actividades',
      places: 'Lugares',
      objects: 'Objetos',
      symbols: 'Símbolos',
      flags: 'Banderas',
    },
  },

  connection: {
    offline: 'Sin conexión',
    retrying: 'Conectando…',
    stopped: 'Sin conexión con el chat.',
    reconnect: 'Reconectar',
    otherTab: 'Tienes el chat abierto en otra pestaña.',
    takeBack: 'Usar el chat aquí',
  },

  announce: {
    newFrom: (name: string) => `Nuevo mensaje de ${name}`,
    said: (name: string, text: string) => `${name}: ${text}`,
  },

  /** Spec §2 "Anonymous chat": the product account's three canned messages and 'Regístrate'. */
  anonymous: {
    messages: [
      '¡Hola nómada!',
      '¿Quieres ponerte en contacto con otros nómadas?',
      'Regístrate y comienza tu aventura.',
    ],
    register: 'Regístrate',
    login: 'Ya tengo cuenta',
  },
} as const;
