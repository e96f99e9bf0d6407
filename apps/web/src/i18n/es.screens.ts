// --- screens ---
// The texts of src/screens/** (spec §2). Long prose (legal terms, the story, the plans) lives beside its screen,
// so the first screen does not download it. `site` is settings.siteName.

export const esScreens = {
  common: {
    joinFree: 'Únete gratis',
    logIn: 'Entrar',
    goHome: 'Volver al inicio',
    goMap: 'Ver el mapa',
    goWall: 'Ver el muro',
    goContact: 'Ir a contacto',
    goProfile: 'Ir a mi perfil',
    opensInNewTab: '(se abre en una pestaña nueva)',
    loading: 'Cargando…',
  },

  landing: {
    title: 'La red social de quienes viajan en autocaravana',
    description: (site: string) =>
      `${site} es la comunidad de quienes viven y viajan en autocaravana, camper o caravana: muro de fotos, mapa de áreas, canales de vídeo y chat.`,
    hero: {
      eyebrow: 'La red social de la vida en ruta',
      title: 'Tu casa tiene ruedas. Tu comunidad, también.',
      lead: (site: string) =>
        `${site} reúne a quienes viven y viajan en autocaravana, camper o caravana: comparte tus fotos de ruta, encuentra dónde pasar la noche y conoce a otros nómadas por el camino.`,
      map: 'Ver el mapa de áreas',
      wall: 'Ver el muro',
      note: 'Gratis y en un minuto. Solo necesitas un email.',
      illustration: 'Una autocaravana recorre una carretera entre montañas al atardecer',
    },
    audience: {
      title: 'Hecha para quien vive en ruta',
      items: [
        {
          title: 'Autocaravanas',
          text: 'Para quien ya no sabe si vive de viaje o viaja para vivir.',
        },
        {
          title: 'Campers y furgos',
          text: 'De fábrica o camperizadas a mano, de fin de semana o a tiempo completo.',
        },
        {
          title: 'Caravanas',
          text: 'Para quien engancha la casa al coche y sale a buscar el siguiente paisaje.',
        },
      ],
    },
    features: {
      eyebrow: 'Qué encontrarás',
      title: 'Todo lo que necesitas en la carretera',
      lead: 'Seis herramientas pensadas para la vida nómada, en un solo sitio y en español.',
      wall: {
        title: 'Muro de fotos',
        text: 'Comparte el amanecer desde la cabina, dale like a las rutas de otros y comenta. Con #hashtags para encontrar sitios y @menciones para avisar a tus amigos.',
      },
      map: {
        title: 'Mapa de áreas',
        text: 'Áreas de autocaravanas, puntos de vaciado y carga, gasolineras con GLP y rutas de la comunidad. Y, si quieres, tu posición en vivo, siempre ofuscada.',
      },
      channels: {
        title: 'Canales de vídeo',
        text: 'Suscríbete a los canales de otros viajeros: rutas, bricolaje camper, trucos para el invierno… o abre el tuyo y cuenta tu viaje.',
      },
      profiles: {
        title: 'Perfiles, seguidores y amigos',
        text: 'Tu perfil con foto y portada. Sigue a quien te inspire y haz amigos con los que coincidir en la próxima área.',
      },
      chat: {
        title: 'Chat privado',
        text: 'Habla en privado con otros nómadas para quedar, pedir consejo o avisar de ese sitio que merece la pena.',
      },
      notifications: {
        title: 'Notificaciones',
        text: 'Entérate de los likes, comentarios, nuevos seguidores y mensajes sin tener que estar pendiente del móvil.',
      },
    },
    privacy: {
      eyebrow: 'Privacidad primero',
      title: 'Que te encuentren tus amigos, no tu dirección exacta',
      text: 'Compartir tu posición en vivo es opcional. Cuando la activas, tu móvil desplaza el punto al azar dentro del radio que elijas antes de enviarlo: nadie, ni siquiera nosotros, recibe tu ubicación exacta.',
      points: [
        'Tú decides cuándo se ve y cuándo no',
        'Radio de ofuscación a tu medida: 1 km por defecto',
        'La ocultas con un toque y desaparece del mapa',
      ],
      illustration: 'Un punto en el mapa rodeado por un círculo: tu posición real queda escondida dentro del radio',
    },
    guide: {
      eyebrow: 'Regalo de bienvenida',
      title: 'Guía gratis: 10 joyas turísticas para descubrir en autocaravana',
      text: 'Pueblos con encanto, miradores y rincones donde merece la pena aparcar y quedarse un día más. Regístrate y llévate nuestra guía interactiva, con dónde dormir cerca de cada joya.',
      cta: 'Quiero la guía gratis',
    },
    professionals: {
      eyebrow: 'Para profesionales',
      title: '¿Tienes un área, un camping o un taller?',
      text: (site: string) =>
        `Da a conocer tu negocio a la comunidad de ${site}. Áreas de servicio, campings, talleres, concesionarios y empresas de alquiler tienen su propio espacio.`,
      cta: 'Ir a la zona de profesionales',
    },
    final: {
      title: 'La carretera es mejor en compañía',
      text: 'Únete gratis, comparte tu próxima parada y descubre quién más anda por la zona.',
    },
  },

  contacto: {
    title: 'Contacto',
    lead: '¿Una duda, una sugerencia o un área que falta en el mapa? Escríbenos y te contestamos lo antes posible.',
    required: 'Todos los campos son obligatorios.',
    name: 'Nombre',
    email: 'Email',
    subject: 'Asunto',
    message: 'Mensaje',
    messageHint: 'Cuéntanos todo lo que necesitemos saber para ayudarte.',
    privacy: 'Usaremos tus datos solo para responderte.',
    privacyLink: 'Consulta los términos legales',
    send: 'Enviar mensaje',
    sending: 'Enviando…',
    sentTitle: '¡Mensaje enviado!',
    sendAnother: 'Enviar otro mensaje',
    asideTitle: 'Otras formas de hablar con nosotros',
    phone: 'Teléfono',
    emailLabel: 'Email',
    address: 'contacto@nomadas.tv',
    professionalsTitle: '¿Eres profesional?',
    professionalsText: 'Si tienes un área, un camping o un taller, tu sitio es la zona de profesionales.',
    professionalsCta: 'Zona de profesionales',
  },

  premium: {
    title: 'Premium',
    eyebrow: 'Premium',
    heading: 'Elige cómo quieres viajar',
    lead: 'Lo esencial es gratis y lo seguirá siendo. Si quieres más, los planes Premium te dan herramientas extra y ayudan a mantener viva la comunidad.',
    billing: 'Forma de pago',
    monthly: 'Mensual',
    yearly: 'Anual',
    yearlySaving: '2 meses gratis',
    perMonth: '/mes',
    perYear: '/año',
    yearlyEquivalent: (price: string) => `Equivale a ${price} al mes`,
    free: 'Gratis',
    highlighted: 'El más elegido',
    included: (plan: string) => `Todo lo de ${plan}, y además:`,
    startFree: 'Empieza gratis',
    choose: (plan: string) => `Quiero ${plan}`,
    current: 'Incluido en tu cuenta',
    contactSubject: (plan: string, billing: string) => `Quiero el plan ${plan} (${billing.toLowerCase()})`,
    taxes: 'Precios con IVA incluido. Sin permanencia: cancela cuando quieras.',
    faqTitle: 'Preguntas frecuentes',
    professionalsLink: 'Ir a la zona de profesionales',
  },

  legal: {
    title: 'Términos legales',
    lead: (site: string) =>
      `Las reglas del juego de ${site}, explicadas con la mayor claridad posible. Si algo no se entiende, escríbenos.`,
    updated: 'Última actualización: 1 de julio de 2025',
    toc: 'En esta página',
    backToTop: 'Volver al índice',
    resetCookies: 'Cambiar mi elección de cookies',
  },

  quienesSomos: {
    title: 'Quiénes somos',
  },

  verificar: {
    title: 'Activar cuenta',
    waiting: 'Estamos activando tu cuenta…',
    okTitle: 'Cuenta activada',
    koTitle: 'No hemos podido activar tu cuenta',
    koHelp: '¿Crees que es un error? Escríbenos y lo revisamos contigo.',
  },

  nuevoPass: {
    title: 'Nueva contraseña',
    lead: 'Elige una contraseña nueva para tu cuenta. Usa al menos 8 caracteres; mejor si mezclas letras, números y símbolos.',
    password: 'Nueva contraseña',
    repeat: 'Repite la contraseña',
    show: 'Mostrar contraseña',
    hide: 'Ocultar contraseña',
    save: 'Guardar contraseña',
    saving: 'Guardando…',
    okTitle: 'Contraseña cambiada',
    newLink: 'Pedir un enlace nuevo',
  },

  notFound: {
    title: 'Página no encontrada',
    text: 'Esta carretera no lleva a ningún sitio: puede que el enlace esté mal escrito o que la página ya no exista.',
    suggestions: 'Te proponemos otras rutas:',
    illustration: 'Una autocaravana parada ante una señal de fin de carretera con el número 404',
  },

  placeholders: {
    muro: {
      title: 'Muro',
      intro: 'Comparte tus fotos de ruta, comenta las de otros nómadas y haz nuevos amigos.',
      description: (site: string) => `Red social de ${site}`,
    },
    mapa: {
      title: 'Mapa',
      intro: 'Áreas de autocaravanas, puntos de servicio y nómadas cerca de ti, en un solo mapa.',
    },
    canales: {
      title: 'Canales',
      intro: 'Vídeos de viajeros en autocaravana, camper y caravana: rutas, trucos y vida en la carretera.',
    },
    canal: {
      title: 'Canal',
      intro: 'Los vídeos de este canal, del más reciente al más antiguo.',
    },
    videoCanal: {
      title: 'Vídeo',
      intro: 'Un vídeo de la comunidad. Enseguida empieza.',
    },
    perfil: {
      title: 'Perfil',
      intro: 'Fotos, vídeos y amigos de este nómada.',
    },
    miPerfil: {
      title: 'Mi perfil',
      intro: 'Tu perfil, tu muro, tu canal y tus notificaciones, en un solo sitio.',
    },
    loading: 'Cargando contenido…',
  },
} as const;
