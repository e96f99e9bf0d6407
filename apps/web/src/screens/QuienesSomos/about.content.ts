/** The story, values and team of the about-us page. {site} is replaced by the site name. */
export const about = {
  lead: '{site} nació en un área de autocaravanas, entre termos de café y mapas de papel. Hoy es el punto de encuentro de quienes han hecho de la carretera su casa.',
  storyTitle: 'Cómo empezó todo',
  story: [
    'Fue una noche de invierno en el área de autocaravanas de Ponferrada. Éramos cuatro vehículos, cuatro historias y una misma pregunta: ¿dónde está el resto de la gente que vive así?',
    'Los grupos de mensajería se llenaban y se perdían, los foros olvidaban lo importante y las redes sociales de siempre no sabían qué es un punto de vaciado. Así que decidimos construir el sitio que nos faltaba: en español, hecho por nómadas y para nómadas.',
    'Empezamos con un mapa de las áreas que conocíamos en El Bierzo y León. Después llegaron el muro de fotos, los canales de vídeo y el chat. Cada función nace de algo que echábamos de menos en la carretera.',
  ],
  quote: 'Queríamos que encontrar compañía en ruta fuera tan fácil como encontrar dónde cargar agua.',
  quoteAuthor: 'Lucía, cofundadora',
  valuesTitle: 'Lo que nos mueve',
  values: [
    {
      title: 'Las personas, antes que el algoritmo',
      text: 'Aquí se viene a compartir y a conocer gente, no a pasar horas mirando la pantalla. Lo que publicas es para la comunidad.',
    },
    {
      title: 'Tu privacidad, por defecto',
      text: 'La posición en vivo es opcional y sale siempre ofuscada. No vendemos tus datos a nadie.',
    },
    {
      title: 'Dejar cada sitio mejor que como lo encontramos',
      text: 'Defendemos un autocaravanismo responsable: sin acampar donde no se puede, sin dejar rastro y respetando a los vecinos.',
    },
    {
      title: 'Hecho en ruta',
      text: 'Probamos cada novedad desde una autocaravana, con la cobertura a medias y el portátil sobre las rodillas.',
    },
  ],
  teamTitle: 'El equipo',
  teamLead: 'Somos un equipo pequeño, y casi todos trabajamos desde la carretera.',
  team: [
    {
      name: 'Lucía Álvarez',
      role: 'Cofundadora · Comunidad',
      bio: 'Vive en una autocaravana capuchina desde hace seis años. Si hay un área nueva en el mapa, probablemente ya ha dormido en ella.',
    },
    {
      name: 'Dani Prieto',
      role: 'Cofundador · Producto y tecnología',
      bio: 'Programa desde una furgoneta que camperizó él mismo. Su obsesión: que el mapa cargue aunque solo haya una raya de cobertura.',
    },
    {
      name: 'Marta Gómez',
      role: 'Contenidos y canales',
      bio: 'Periodista de viajes reconvertida. Cuida los canales de vídeo y la guía de las 10 joyas turísticas.',
    },
    {
      name: 'Íñigo Sáez',
      role: 'Atención a nómadas y profesionales',
      bio: 'Te contesta al teléfono y por el chat. Viaja en caravana con dos perros y una bici de montaña.',
    },
  ],
  ctaTitle: 'Súbete a la comunidad',
  ctaText:
    'Comparte tu próxima parada, encuentra áreas recomendadas por otros nómadas y haz amigos por el camino.',
  ctaContact: 'Escríbenos',
};
