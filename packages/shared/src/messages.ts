/**
 * Every message the server sends in `msg`, and the validation messages both sides show.
 * The ones quoted by the spec are kept to the letter (accents included or not).
 */
export const MSG = {
  // spec §5 and §8, to the letter
  loginFieldsRequired: 'Rellena los datos antes de enviar',
  registerFieldsRequired: 'Te faltan campos por rellenar',
  passwordsDiffer: 'Las contraseñas no coinciden',
  legalNotAccepted: 'No has aceptado los terminos legales',
  emailRequired: 'Introduce tu email',
  postTextTooLong: 'El texto no puede ocupar mas de 500 caracteres',
  loggedIn: 'logeado con exito',
  registered: 'Usuario registrado con exito',
  postUpdated: 'Post modificado con exito',
  postDeleted: 'Post eliminado con exito',
  postReported: 'Post denunciado',
  confirmDeletePost: '¿Estas seguro de querer borrar el post?',
  visitorLike: 'Para poder dar like necesitas estar registrado',
  visitorComment: '¡Regístrate ahora para poder comentar!',
  visitorMorePosts: 'Para poder seguir viendo posts registrate!',

  // ours, in the same voice
  badCredentials: 'Usuario o contraseña incorrectos',
  usernameInvalid:
    'El nombre de usuario debe tener de 3 a 30 caracteres: letras minúsculas, números o guion bajo',
  usernameTaken: 'Ese nombre de usuario ya está en uso',
  emailInvalid: 'El email no es válido',
  emailTaken: 'Ya hay una cuenta con ese email',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres',
  activationSent: 'Te hemos enviado un email para activar la cuenta. Revisa tu bandeja de entrada.',
  activated: 'Cuenta activada con éxito. Ya puedes entrar.',
  activationInvalid: 'El enlace de activación no es válido o ha caducado',
  recoverySent: 'Si el email está registrado, te llegará un enlace para cambiar la contraseña.',
  recoveryInvalid: 'El enlace para cambiar la contraseña no es válido o ha caducado',
  passwordChanged: 'Contraseña cambiada con éxito. Ya puedes entrar.',
  loggedOut: 'Sesión cerrada',
  sessionRequired: 'Tu sesión ha caducado. Vuelve a entrar.',
  forbidden: 'No tienes permiso para hacer esto',
  notFound: 'No encontrado',
  tooManyRequests: 'Demasiados intentos. Espera un poco y vuelve a probar.',
  invalidInput: 'Revisa los datos enviados',
  serverError: 'Ha ocurrido un error. Inténtalo de nuevo en un momento.',
  contactNameRequired: 'Escribe tu nombre',
  contactSubjectRequired: 'Escribe el asunto',
  contactMessageRequired: 'Escribe tu mensaje',
  contactMessageTooLong: 'El mensaje no puede ocupar más de 5000 caracteres',
  cannotFollowSelf: 'No puedes seguirte a ti mismo',
  contactSent: 'Mensaje enviado. Te responderemos lo antes posible.',
  postCreated: 'Post publicado con éxito',
  postImageRequired: 'Elige una foto para publicar',
  postImageEmpty: 'El archivo está vacío. Elige otra foto.',
  postImageInvalid: 'El archivo no es una imagen válida. Prueba con una foto JPG, PNG, WebP o AVIF.',
  postImageTooLarge: 'La imagen es demasiado grande: como máximo 15 MB y 40 megapíxeles',
  postReportOwn: 'No puedes denunciar tu propio post',
  commentRequired: 'Escribe algo antes de enviar el comentario',
  commentTooLong: 'El comentario no puede ocupar más de 1000 caracteres',
  commentCreated: 'Comentario publicado',
  commentDeleted: 'Comentario eliminado',
} as const;

export type MessageKey = keyof typeof MSG;

/** Spec §6: shown when login answers username -1. */
export const activationRequiredMessage = (site: string) =>
  `Para poder disfrutar de todas las ventajas de ${site} debes activar la cuenta.`;

/** Spec §2 chat: official messages. */
export const officialMessageLabel = (site: string) => `Mensaje oficial de ${site}`;
