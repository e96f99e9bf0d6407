// Texts of the muro screen (the wall, /muro/{post?} and /tags/{tag}); they load with its chunk.
// The spec's texts (spec §2, §5, §6, §8) are kept to the letter; the messages shared with the server are in MSG.
export const esMuro = {
  title: 'Muro',
  intro: 'Comparte tus fotos de ruta, comenta las de otros nómadas y haz nuevos amigos por el camino.',
  description: (site: string) => `Red social de ${site}`,
  tagIntro: 'Las fotos de la comunidad con esta etiqueta.',
  tagTitle: (tag: string) => `#${tag}`,
  backToWall: 'Todo el muro',
  hiddenByReports: 'Oculto por denuncias: solo tú lo ves hasta que moderación lo revise',

  filter: {
    label: 'Posts de',
    all: 'Todos',
    following: 'Siguiendo',
    empty: 'Aquí verás los posts de los nómadas que sigues. Sigue a alguien desde «Otros muros» o su perfil.',
  },

  skipToPosts: 'Saltar a los posts',

  mode: {
    label: 'Vista del muro',
    grid: 'Cuadrícula',
    feed: 'Lista',
  },

  list: {
    label: 'Posts',
    loading: 'Cargando posts…',
    loadingMore: 'Cargando más posts…',
    empty: 'Todavía no hay posts en el muro.',
    emptyTag: (tag: string) => `Todavía no hay posts con #${tag}.`,
    failed: 'No hemos podido cargar los posts.',
    retry: 'Reintentar',
    end: 'Ya lo has visto todo. ¡Vuelve pronto!',
    /** A grid tile's name: whose, its first words and its counts (the tile shows only the photo). */
    tile: (author: string, start: string, likes: string, comments: string) => {
      const head = start ? `Post de ${author}: ${start}` : `Post de ${author}`;
      return `${head}${/[.…!?]$/.test(head) ? '' : '.'} ${likes}, ${comments}`;
    },
  },

  userPosts: {
    heading: (username: string) => `Posts de ${username}`,
    empty: 'Todavía no hay posts',
  },

  visitor: {
    title: '¡Únete a la comunidad!',
    endTitle: 'Hay muchos más posts esperándote',
    moreTile: 'Regístrate para ver más',
    login: 'Entrar',
    register: 'Registrarme gratis',
  },

  post: {
    imageAlt: (author: string) => `Foto de ${author}`,
    broken: 'Post no disponible',
    profileOf: (author: string) => `Perfil de ${author}`,
    like: 'Me gusta',
    likes: (n: number) => (n === 1 ? '1 me gusta' : `${n} me gusta`),
    comments: (n: number) => (n === 1 ? '1 comentario' : `${n} comentarios`),
    comment: 'Comentar',
    showAllComments: (n: number) => (n === 1 ? 'Ver el comentario' : `Ver los ${n} comentarios`),
    more: 'más',
  },

  modal: {
    title: (author: string) => `Post de ${author}`,
    previous: 'Post anterior',
    next: 'Post siguiente',
    close: 'Cerrar el post',
    loading: 'Cargando el post…',
    missing: 'Este post ya no está disponible.',
    missingText: 'Puede que su autor lo haya borrado o que el enlace no esté bien escrito.',
    missingIllustration: 'Una autocaravana parada ante una señal de fin de carretera con el número 404',
    backToWall: 'Volver al muro',
    failed: 'No hemos podido cargar el post. Comprueba tu conexión.',
    retry: 'Reintentar',
  },

  menu: {
    label: 'Opciones del post',
    delete: 'Eliminar post',
    edit: 'Editar post',
    follow: 'Seguir',
    unfollow: 'Dejar de seguir',
    report: 'Denunciar post',
  },

  deleteDialog: {
    title: 'Aviso',
    accept: 'Aceptar',
    cancel: 'Cancelar',
  },

  editDialog: {
    title: 'Editar post',
    label: 'Texto del post',
    hint: 'Usa #etiquetas y @menciones para que te encuentren.',
    save: 'Guardar',
    cancel: 'Cancelar',
    counter: (n: number, max: number) => `${n} / ${max}`,
  },

  comments: {
    heading: 'Comentarios',
    loading: 'Cargando comentarios…',
    failed: 'No hemos podido cargar los comentarios.',
    none: 'Sé el primero en comentar.',
    showReplies: (n: number) => `Ver las respuestas (${n})`,
    hideReplies: 'Ocultar las respuestas',
    reply: 'Responder',
    delete: 'Eliminar',
    deleteLabel: (author: string) => `Eliminar el comentario de ${author}`,
    likeLabel: (author: string) => `Me gusta el comentario de ${author}`,
    placeholder: 'Añade un comentario…',
    replyPlaceholder: 'Escribe tu respuesta…',
    label: 'Tu comentario',
    send: 'Enviar comentario',
    replyingTo: (author: string) => `Respondiendo a ${author}`,
    cancelReply: 'Cancelar la respuesta',
    visitorCta: 'Escribe un comentario…',
    more: 'Ver más comentarios',
    loadingMore: 'Cargando más comentarios…',
    moreFailed: 'No hemos podido cargar más comentarios.',
    confirmDelete: '¿Estás seguro de querer borrar el comentario?',
  },

  side: {
    label: 'Tu cuenta y otros muros',
    myProfile: 'Ver mi perfil',
    myWall: 'Mi muro',
    otherWalls: 'Otros muros',
    joinTitle: 'Comparte tu ruta',
    joinText: 'Regístrate gratis para publicar tus fotos, comentar y seguir a otros nómadas.',
  },

  date: {
    now: 'ahora',
  },
} as const;
