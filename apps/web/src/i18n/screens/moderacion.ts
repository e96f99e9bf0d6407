// Texts of the moderation screen; they load only with that screen's chunk.
import { REPORT_WEIGHT } from '@nomadas/shared';

const dateFormat = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const weightFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

export const esModeracion = {
  title: 'Moderación',
  description: 'Posts ocultos por denuncias, pendientes de revisión.',
  lead: 'Las denuncias han ocultado estos posts del muro. Solo su autor los sigue viendo hasta que los revises.',
  pending: (count: number) => (count === 1 ? '1 pendiente' : `${count} pendientes`),
  weightNote: `Cada denuncia pesa ${REPORT_WEIGHT.established}; las de cuentas con menos de un día, ${weightFormat.format(REPORT_WEIGHT.newAccount)}.`,
  listLabel: 'Posts pendientes de revisión',
  reports: (count: number) => (count === 1 ? '1 denuncia' : `${count} denuncias`),
  weight: (weight: number) => `peso ${weightFormat.format(weight)}`,
  hiddenOn: (iso: string) => `Oculto el ${dateFormat.format(new Date(iso))}`,
  publishedOn: (iso: string) => `Publicado el ${dateFormat.format(new Date(iso))}`,
  noText: 'Sin texto',
  photoOf: (username: string) => `Foto del post de ${username}`,
  openPhoto: 'Ver la foto entera',
  restore: 'Restaurar',
  remove: 'Eliminar',
  restoreDialog: {
    title: '¿Restaurar este post?',
    text: 'Volverá a verse en el muro para todos y sus denuncias se borrarán.',
    accept: 'Sí, restaurar',
  },
  removeDialog: {
    title: '¿Eliminar este post?',
    text: 'Se borrará para siempre, con su foto y sus comentarios. No se puede deshacer.',
    accept: 'Sí, eliminar',
  },
  cancel: 'Cancelar',
  alreadyReviewed: 'Otra persona ya ha revisado este post.',
  loadMore: 'Cargar más',
  emptyTitle: 'No hay nada pendiente',
  emptyText: 'Cuando las denuncias oculten un post, aparecerá aquí para que lo restaures o lo elimines.',
  forbiddenTitle: 'Solo para el equipo de moderación',
  forbiddenText:
    'Tu cuenta no tiene permiso para revisar posts denunciados. Si crees que deberías tenerlo, escríbenos.',
  visitorTitle: 'Entra para moderar',
  visitorText: 'La cola de moderación es solo para cuentas del equipo de moderación.',
  failedTitle: 'No hemos podido cargar la cola',
  failedText: 'Comprueba tu conexión y vuelve a intentarlo.',
  retry: 'Reintentar',
  places: {
    title: 'Lugares del mapa con avisos',
    empty: 'Nadie ha avisado de datos incorrectos en el mapa.',
    draft: 'Pendiente de confirmar',
    reports: (count: number) => (count === 1 ? '1 aviso' : `${count} avisos`),
    formerUser: 'Cuenta eliminada:',
    dismiss: 'Descartar avisos',
    remove: 'Eliminar lugar',
    dismissDialog: {
      title: (name: string) => `¿Descartar los avisos de «${name}»?`,
      text: 'El lugar sigue en el mapa tal como está y sus avisos se borran.',
      accept: 'Sí, descartar',
    },
    removeDialog: {
      title: (name: string) => `¿Eliminar «${name}» del mapa?`,
      text: 'Se borrará para siempre, con sus opiniones y sus fotos. Los posts que lo nombran se quedan, sin el lugar.',
      accept: 'Sí, eliminar',
    },
  },
  premium: {
    title: 'Quieren Premium',
    lead: 'Quienes han pulsado «Avísame» en la página Premium. Escríbeles cuando se pueda contratar.',
    empty: 'Nadie ha pedido aún que le avisen de Premium.',
    count: (total: number) => (total === 1 ? '1 persona' : `${total} personas`),
    since: (iso: string) =>
      `desde el ${new Date(iso).toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric' })}`,
  },
} as const;
