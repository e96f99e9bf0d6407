// The texts of the shell's lazily loaded parts: footer, menu sheet, popups, login/register modal, cookie banner,
// toasts and curtain. Kept apart from es.ts so they load with those chunks, not with the first screen
// (DESIGN.md §5 budget). The spec's texts (spec §2, §5, §8) keep its wording, spelt correctly (issue #33).
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@nomadas/shared';

export const esOverlays = {
  menu: {
    title: 'Menú',
    close: 'Cerrar el menú',
    explore: 'Explora',
    account: 'Tu cuenta',
    canales: 'Canales',
    mapa: 'Mapa',
    muro: 'Muro',
    miCuenta: 'Mi cuenta',
    miMuro: 'Mi muro',
    miCanal: 'Mi canal',
    notificaciones: 'Notificaciones',
    moderacion: 'Moderación',
    contacto: 'Contacto',
    login: 'Iniciar sesión',
    registro: 'Registro',
    logout: 'Cerrar sesión',
    instagram: 'Síguenos en Instagram',
    signedInAs: (username: string) => `Has entrado como ${username}`,
    visitorPitch: 'Únete a la comunidad: comparte tus rutas, encuentra áreas y chatea con otros nómadas.',
  },

  footer: {
    linksNav: 'Enlaces del pie de página',
    tagline: 'La red social de quienes viven y viajan en autocaravana, camper o caravana.',
    explore: 'Explora',
    about: 'nómadas',
    help: 'Ayuda y contacto',
    canales: 'Canales',
    muro: 'Muro',
    areas: 'Áreas de autocaravanas',
    contacto: 'Contacto',
    quienesSomos: 'Quiénes somos',
    legal: 'Términos legales',
    professionals: 'Área de profesionales',
    professionalsPitch: '¿Tienes un área, un camping o un taller? Date a conocer entre miles de nómadas.',
    phoneLabel: (phone: string) => `Llámanos al ${phone}`,
    hours: 'De lunes a viernes, de 9:00 a 18:00',
    social: 'Redes sociales',
    instagram: 'Instagram',
    facebook: 'Facebook',
    youtube: 'YouTube',
    opensInNewTab: '(se abre en una pestaña nueva)',
    company:
      'Nómadas Viajeros S.L. · CIF B24873516 · Avenida de Ordoño II, 27, 2.º izquierda, 24001 León (España).',
    registry:
      'Inscrita en el Registro Mercantil de León, tomo 1.342, folio 118, hoja LE-24871, inscripción 1.ª.',
    dataProtection:
      'Tratamos tus datos conforme al Reglamento General de Protección de Datos (RGPD) y la LOPDGDD. Puedes ejercer tus derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad escribiendo a privacidad@nomadas.tv. Si consideras que no los hemos atendido, puedes reclamar ante la Agencia Española de Protección de Datos (AEPD), www.aepd.es.',
    copyright: (year: number) => `© ${year} Nómadas Viajeros S.L. Todos los derechos reservados.`,
    compactCopyright: (year: number) => `© ${year} Nómadas Viajeros S.L.`,
  },

  modal: {
    close: 'Cerrar',
  },

  auth: {
    titles: { 1: 'Iniciar sesión', 2: 'Registro', 3: 'Recuperar contraseña' },
    intros: {
      1: '¡Qué bien verte de nuevo! Entra para comentar, chatear y compartir tu ruta.',
      2: 'Crea tu cuenta gratis y únete a la comunidad de nómadas.',
      3: 'Escribe el email de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.',
    },
    usernameOrEmail: 'Usuario o email',
    username: 'Nombre de usuario',
    usernameHint: `De ${USERNAME_MIN} a ${USERNAME_MAX} caracteres: letras minúsculas, números o guion bajo.`,
    email: 'Email',
    password: 'Contraseña',
    passwordHint: `Al menos ${PASSWORD_MIN} caracteres.`,
    passwordRepeat: 'Repite la contraseña',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    allRequired: 'Todos los campos son obligatorios.',
    fieldRequired: 'Rellena este campo.',
    acceptLegalBefore: 'He leído y acepto los ',
    legalLink: 'términos legales',
    acceptLegalAfter: '.',
    opensInNewTab: '(se abre en una pestaña nueva)',
    submit: { 1: 'Entrar', 2: 'Crear cuenta', 3: 'Enviar enlace' },
    busy: { 1: 'Entrando…', 2: 'Creando la cuenta…', 3: 'Enviando…' },
    forgot: '¿Has olvidado la contraseña?',
    noAccount: '¿Aún no tienes cuenta?',
    toRegister: 'Regístrate',
    haveAccount: '¿Ya tienes cuenta?',
    toLogin: 'Entra',
    backToLogin: 'Volver a iniciar sesión',
    activationTitle: 'Activa tu cuenta',
    registeredTitle: 'Revisa tu correo',
  },

  info: {
    goLogin: 'Iniciar sesión',
    goRegister: 'Ir al registro',
    close: 'Cerrar',
  },

  toast: {
    close: 'Cerrar el aviso',
    region: 'Avisos',
  },

  curtain: {
    loading: 'Cargando…',
  },

  cookies: {
    title: 'Cookies',
    text: (site: string) =>
      `Usamos cookies esenciales para que ${site} funcione, por ejemplo para mantener tu sesión abierta. Si nos dejas, usaremos también cookies opcionales de analítica para saber qué partes de la web se usan más y mejorarlas.`,
    more: 'Más información en los',
    legalLink: 'términos legales',
    essential: 'Solo esenciales',
    all: 'Aceptar todas',
  },

  homeBanner: {
    welcomeBack: (username: string) => `¡Hola de nuevo, ${username}!`,
    /** Only what the profile lacks: e.g. "añade una portada y cuenta cómo viajas". */
    profileText: (missing: { photo: boolean; cover: boolean; about: boolean }) => {
      const adds = [...(missing.photo ? ['una foto'] : []), ...(missing.cover ? ['una portada'] : [])];
      const steps = adds.map((item, i) => (i === 0 ? `añade ${item}` : item));
      if (missing.about) steps.push('cuenta cómo viajas');
      const list = new Intl.ListFormat('es', { type: 'conjunction' }).format(steps);
      return `Tu perfil es tu carta de presentación en la carretera: ${list} para que otros nómadas te encuentren.`;
    },
    goProfile: 'Ir a perfil',
    later: 'Ahora no',
  },

  promo: {
    eyebrow: 'Guía interactiva gratis',
    title: '10 joyas turísticas de España para viajar en autocaravana',
    text: 'Diez rincones que merecen el desvío, cada uno con áreas cercanas para pernoctar, la mejor época para ir y consejos de otros nómadas. Regístrate gratis y la tendrás en tu cuenta.',
    highlights: ['Pueblos con encanto', 'Costa y acantilados', 'Montaña y lagos'],
    register: 'Regístrate gratis',
    haveAccount: '¿Ya tienes cuenta?',
    login: 'Inicia sesión',
    dismiss: 'No, gracias',
    illustration: 'Una autocaravana ante un paisaje de montañas al atardecer',
  },
};
