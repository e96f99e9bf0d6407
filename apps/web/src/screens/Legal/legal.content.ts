/**
 * The legal terms, section by section. In the texts, {site}, {email} and {phone} are replaced by the
 * runtime settings. A block is a paragraph, a list, an external link or the cookie-choice button.
 */
export type LegalListItem = string | { term: string; text: string };
export type LegalBlock =
  string | { list: LegalListItem[] } | { link: string; label: string } | { cookieChoice: true };

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export const legalSections: LegalSection[] = [
  {
    id: 'aviso-legal',
    title: 'Aviso legal',
    blocks: [
      'En cumplimiento de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), te informamos de que {site} es un servicio prestado por su titular, cuyos datos identificativos (denominación social, NIF, domicilio y datos registrales) figuran en el pie de todas las páginas.',
      'Puedes ponerte en contacto con nosotros en {email}, en el teléfono {phone} o desde la página de contacto.',
      'Usar {site} te da la condición de usuario e implica que aceptas estos términos. Si no estás de acuerdo con ellos, no utilices el servicio.',
    ],
  },
  {
    id: 'condiciones',
    title: 'Condiciones de uso',
    blocks: [
      'Para registrarte necesitas tener al menos 14 años, elegir un nombre de usuario, indicar un email válido y una contraseña, y aceptar estos términos. La cuenta queda activa cuando confirmas tu email con el enlace que te enviamos.',
      'Eres responsable de mantener tu contraseña en secreto y de lo que se haga con tu cuenta. Si sospechas que alguien la usa sin permiso, cámbiala y avísanos.',
      'Sin registrarte puedes ver parte del contenido: el mapa, los perfiles, los canales y los primeros posts del muro. Para dar like, comentar, chatear, seguir a otras personas o compartir tu posición necesitas una cuenta.',
      'Al usar {site} te comprometes a no:',
      {
        list: [
          'Publicar contenido ilegal, violento, discriminatorio o sexualmente explícito, ni nada que vulnere los derechos de otras personas.',
          'Acosar, amenazar o suplantar a nadie, ni enviar publicidad no solicitada por el chat.',
          'Animar a acampar o pernoctar donde está prohibido, ni a dañar el entorno.',
          'Recopilar datos de otros usuarios ni acceder al servicio con robots o programas automáticos.',
          'Intentar saltarte las medidas de seguridad o los límites técnicos del servicio.',
        ],
      },
      'Podemos suspender o cerrar las cuentas que incumplan estas normas. Tú puedes dejar de usar el servicio y pedir la baja de tu cuenta cuando quieras escribiéndonos.',
      'Los planes Premium son opcionales. Sus precios, con el IVA incluido, y sus ventajas se describen en la página Premium. No tienen permanencia y, como consumidor, dispones de 14 días naturales desde la contratación para desistir sin dar explicaciones.',
    ],
  },
  {
    id: 'contenidos',
    title: 'Contenidos de los usuarios',
    blocks: [
      'Las fotos, textos, comentarios y vídeos que publicas siguen siendo tuyos. Al publicarlos nos concedes una licencia gratuita, no exclusiva y mundial para alojarlos, mostrarlos y adaptarlos técnicamente (por ejemplo, para crear miniaturas) mientras sigan publicados en {site}.',
      'Publica solo lo que tengas derecho a publicar. Si en tus fotos aparecen personas reconocibles, necesitas su permiso.',
      'Al subir una imagen eliminamos sus metadatos, incluida la ubicación GPS que muchos móviles guardan en cada foto.',
      'Los #hashtags y las @menciones hacen que tu publicación sea más fácil de encontrar; la persona mencionada puede recibir una notificación.',
      'Si ves algo que incumple estas normas, usa la opción «Denunciar post». Revisamos cada denuncia y retiramos el contenido ilícito en cuanto tenemos conocimiento efectivo de él, como exige la LSSI-CE.',
      'Cuando borras un post o un comentario, desaparece del servicio. Puede permanecer un tiempo limitado en copias de seguridad, que se sobrescriben periódicamente.',
    ],
  },
  {
    id: 'posicion',
    title: 'Posición en vivo',
    blocks: [
      'Compartir tu posición en el mapa es opcional y solo se activa si tú lo decides. Tu navegador te pedirá permiso para usar la geolocalización, y puedes retirarlo cuando quieras desde sus ajustes.',
      'Antes de salir de tu dispositivo, tu posición se desplaza al azar dentro del radio que elijas (1.000 metros por defecto). Nuestros servidores solo reciben y guardan esa posición ofuscada, nunca la exacta.',
      'Mientras la tienes activada, la posición ofuscada se actualiza cada 20 segundos y la ven en el mapa otros usuarios registrados.',
      'Al desactivarla se borra la última posición guardada y dejan de enviarse actualizaciones.',
    ],
  },
  {
    id: 'privacidad',
    title: 'Privacidad y protección de datos',
    blocks: [
      'Tratamos tus datos conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 de Protección de Datos Personales y garantía de los derechos digitales. El responsable del tratamiento es el titular de {site}, con los datos que figuran en el pie de página. Para cualquier asunto de privacidad, escríbenos a {email}.',
      'Qué datos tratamos, para qué y con qué base legal:',
      {
        list: [
          'Los datos de tu cuenta (usuario, email, contraseña cifrada, foto de perfil, portada y descripción), para prestarte el servicio. Base legal: el contrato que aceptas al registrarte.',
          'Lo que publicas, tus likes, seguidores, amigos y mensajes del chat, para mostrarlos a quien corresponda. Base legal: el mismo contrato.',
          'Tu posición ofuscada, solo si la compartes, para mostrarla en el mapa. Base legal: tu consentimiento, que retiras al desactivarla.',
          'Los mensajes que nos envías desde la página de contacto, para responderte. Base legal: tu consentimiento.',
          'Datos técnicos (dirección IP, páginas visitadas, zona horaria y número de procesadores del dispositivo), para proteger el servicio frente a abusos y conocer su uso de forma agregada. Base legal: nuestro interés legítimo.',
        ],
      },
      'Conservamos tus datos mientras tu cuenta esté activa. Si la cierras, los borramos o anonimizamos en un plazo máximo de 30 días, salvo los que la ley nos obligue a guardar durante más tiempo.',
      'No vendemos tus datos ni los cedemos para publicidad. Solo los tratan, por encargo nuestro y con contrato, los proveedores que alojan el servicio y envían los emails, dentro del Espacio Económico Europeo o con las garantías que exige el RGPD. Únicamente los comunicaremos a las autoridades cuando una ley lo exija.',
      'Puedes acceder a tus datos, rectificarlos, suprimirlos, oponerte a su tratamiento, pedir que se limite o que te los entreguemos en un formato portable, y retirar tu consentimiento en cualquier momento. Escríbenos a {email} indicando qué derecho quieres ejercer.',
      'Si crees que no hemos atendido bien tu solicitud, puedes presentar una reclamación ante la Agencia Española de Protección de Datos (AEPD), calle Jorge Juan 6, 28001 Madrid.',
      { link: 'https://www.aepd.es', label: 'Sede de la AEPD: www.aepd.es' },
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies y almacenamiento local',
    blocks: [
      '{site} guarda pequeñas piezas de información en tu navegador (cookies y almacenamiento local). Algunas son imprescindibles para que el servicio funcione; otras son opcionales.',
      'La primera vez que nos visitas te preguntamos qué prefieres:',
      {
        list: [
          {
            term: 'Opción 1, solo esenciales.',
            text: 'Guardamos únicamente lo necesario para funcionar: tu sesión (token, datos de usuario y fecha de caducidad), tu elección de cookies, tus ajustes de posición en vivo y la última vez que viste el aviso de bienvenida. No necesitan tu consentimiento porque sin ellas el servicio no funciona.',
          },
          {
            term: 'Opción 2, esenciales y opcionales.',
            text: 'Además, cargamos una herramienta de analítica que nos ayuda a entender, de forma agregada, qué pantallas se usan y cómo mejorarlas.',
          },
        ],
      },
      'Tu elección se guarda en tu navegador (1 o 2) y la respetamos en cada visita. Puedes cambiarla cuando quieras con este botón o borrando los datos de este sitio en tu navegador.',
      { cookieChoice: true },
    ],
  },
  {
    id: 'responsabilidad',
    title: 'Responsabilidad',
    blocks: [
      'Hacemos lo posible para que {site} funcione sin interrupciones, pero no podemos garantizarlo: puede haber paradas por mantenimiento o por causas ajenas a nosotros.',
      'La información del mapa (áreas, servicios, horarios y precios) la aporta en parte la comunidad y puede cambiar. Compruébala sobre el terreno y respeta siempre la señalización y las ordenanzas municipales.',
      'No respondemos de los contenidos que publican los usuarios ni de los sitios externos enlazados, aunque retiraremos los que sean ilícitos en cuanto los conozcamos.',
    ],
  },
  {
    id: 'propiedad',
    title: 'Propiedad intelectual',
    blocks: [
      'El diseño, el código, la marca y los textos de {site} nos pertenecen o los usamos con licencia. No puedes copiarlos ni reutilizarlos sin nuestro permiso. Lo que tú publicas sigue siendo tuyo, como se explica en «Contenidos de los usuarios».',
    ],
  },
  {
    id: 'cambios',
    title: 'Cambios y ley aplicable',
    blocks: [
      'Podemos actualizar estos términos para adaptarlos a cambios legales o del servicio. Si el cambio es importante, te avisaremos antes de que entre en vigor.',
      'Estos términos se rigen por la ley española. Si eres consumidor, serán competentes los juzgados y tribunales de tu domicilio.',
    ],
  },
];
