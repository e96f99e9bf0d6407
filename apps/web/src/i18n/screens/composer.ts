// Texts of the new-post composer of the muro: its button and its lazily loaded modal.
import { POST_IMAGE_MAX_MB } from '@nomadas/shared';

export const esComposer = {
  open: 'Nueva publicación',
  title: 'Nueva publicación',
  postingAs: (username: string) => `Publicas como @${username}`,

  photoLabel: 'Foto',
  choosePhoto: 'Elegir foto',
  changePhoto: 'Cambiar foto',
  removePhoto: 'Quitar foto',
  dropTitle: 'Añade una foto',
  dropHintPointer: 'Arrástrala aquí, pégala o elígela de tu ordenador',
  dropHintTouch: 'Haz una foto o elígela de tu galería',
  dropActive: 'Suelta la foto aquí',
  photoRules: `JPG, PNG, WebP o AVIF · hasta ${POST_IMAGE_MAX_MB} MB`,
  previewAlt: 'Vista previa de la foto elegida',
  photoMeta: (name: string, size: string) => `${name} · ${size}`,
  photoTooLarge: `La foto no puede ocupar más de ${POST_IMAGE_MAX_MB} MB`,

  textLabel: 'Texto',
  textOptional: '(opcional)',
  textPlaceholder: '¿Dónde estás? Cuéntalo aquí… #ruta @amigo',
  textHint: 'Usa # para etiquetas y @ para mencionar a otros nómadas.',
  counter: (length: number, max: number) => `${length} / ${max}`,
  counterLabel: (length: number, max: number) => `${length} de ${max} caracteres`,

  publish: 'Publicar',
  publishing: 'Publicando…',
  preparing: 'Preparando la foto…',
  uploading: 'Subiendo la foto…',
  processing: 'Casi listo…',
  progressLabel: 'Progreso de la subida',
  progressOf: (sent: string, total: string) => `${sent} de ${total}`,
  cancel: 'Cancelar',
  cancelled: 'Subida cancelada',
  uploadFailed: 'No se ha podido subir la foto. Comprueba tu conexión e inténtalo de nuevo.',
  created: 'Publicación creada',

  discardTitle: '¿Descartar la publicación?',
  discardText: 'Se perderán la foto y el texto que has preparado.',
  discardUploading: 'La subida se cancelará y se perderán la foto y el texto.',
  discard: 'Descartar',
  keepEditing: 'Seguir editando',
} as const;
