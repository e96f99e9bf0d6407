// The texts of the writes that wait for the signal (the durable outbox) and of the connection's state.

const quote = (text: string) => {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 40 ? `«${line.slice(0, 39)}…»` : `«${line}»`;
};

export const esOutbox = {
  /** The state of one write shown in place (a like, a comment, a follow). */
  pending: 'pendiente',
  pendingHint: 'Se enviará al volver la conexión',
  notSent: 'No enviado',
  /** A 404: what it was about went away before the write arrived. */
  gone: 'Ya no está disponible: se borró antes de que llegara.',
  refused: 'El servidor no lo ha aceptado.',
  retry: 'Reintentar',
  discard: 'Descartar',
  trayTitle: 'No se ha podido enviar',
  /** What a refused write was, in the tray. */
  what: {
    likePost: 'Tu «me gusta»',
    likeComment: 'Tu «me gusta» a un comentario',
    comment: (text: string) => `Tu comentario ${quote(text)}`,
    follow: (username: string, follow: boolean) =>
      follow ? `Seguir a ${username}` : `Dejar de seguir a ${username}`,
    review: 'Tu opinión sobre el lugar',
    confirm: 'Tu confirmación del lugar',
    placeReport: 'Tu aviso sobre el lugar',
    savePlace: (saved: boolean) =>
      saved ? 'Guardar el lugar en Mis lugares' : 'Quitar el lugar de Mis lugares',
    post: (text: string) => (text.trim() ? `Tu publicación ${quote(text)}` : 'Tu publicación'),
  },
  /** The map's sheet while a review or a confirmation waits. */
  reviewPending: 'Tu opinión está pendiente: se enviará al volver la conexión.',
  confirmPending: 'Tu confirmación está pendiente: se enviará al volver la conexión.',
  confirmed: 'Gracias por confirmarlo',
  /** A new post that could not be sent: kept with its photo, shown until it is. */
  postQueued: 'Sin conexión: tu publicación se enviará al volver la conexión.',
  postPending: 'Publicación pendiente',
  postSent: 'Tu publicación pendiente se ha publicado',
  pendingTitle: 'Pendiente de envío',
};
