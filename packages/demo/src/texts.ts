import type { TimeOfDay } from './photos/color.js';
import type { Region, Subject } from './photos/catalogue.js';
import type { Random } from './random.js';

interface RegionWords {
  tags: string[];
  places: string[];
  /** Where the night was spent: areas, car parks, campings. */
  stays: string[];
  tips: string[];
}

/** Real places of each region, so the demo wall reads like a real travel wall. */
const REGIONS: Record<Region, RegionWords> = {
  pirineos: {
    tags: ['#pirineos', '#pirineo', '#huesca', '#montaña'],
    places: [
      'el valle de Tena',
      'Ordesa',
      'Benasque',
      'el valle de Arán',
      'Ansó',
      'Panticosa',
      'el ibón de Piedrafita',
      'Aínsa',
    ],
    stays: [
      'el área de Biescas',
      'el parking de la Pradera de Ordesa (solo de día)',
      'el área de Benasque',
      'un camping de Torla',
    ],
    tips: [
      'Por la noche refresca mucho incluso en agosto, llevad manta.',
      'La pista final está bien para furgo, con capuchina mejor dejarla abajo.',
      'Hay fuente de agua potable junto a la ermita.',
    ],
  },
  picos: {
    tags: ['#picosdeeuropa', '#cantabria', '#asturias', '#montaña'],
    places: [
      'Fuente Dé',
      'los Lagos de Covadonga',
      'Poncebos',
      'Potes',
      'el mirador del Fitu',
      'Sotres',
      'Bulnes',
    ],
    stays: [
      'el área de Potes',
      'el aparcamiento de Poncebos',
      'el área de Cangas de Onís',
      'un prado con permiso del dueño',
    ],
    tips: [
      'A los Lagos en temporada alta solo se sube en autobús, madrugad.',
      'Las carreteras son estrechas, paciencia con los autobuses.',
      'En Potes el aparcamiento se llena los fines de semana.',
    ],
  },
  sierranevada: {
    tags: ['#sierranevada', '#granada', '#alpujarra', '#montaña'],
    places: ['la Alpujarra', 'Trevélez', 'Capileira', 'el Veleta', 'Pampaneira', 'el barranco de Poqueira'],
    stays: ['el área de Lanjarón', 'el área de Órgiva', 'un camping de Trevélez'],
    tips: [
      'La subida tiene muchas curvas, tomadla con calma.',
      'En invierno comprobad el estado de la carretera antes de subir.',
      'El jamón de Trevélez merece la parada.',
    ],
  },
  galicia: {
    tags: ['#galicia', '#costadamorte', '#riasbaixas', '#atlantico'],
    places: [
      'Finisterre',
      'el cabo Vilán',
      'Camariñas',
      'la playa de Razo',
      'Cambados',
      'Muros',
      'el cabo Ortegal',
      'Corrubedo',
    ],
    stays: ['el área de Fisterra', 'el área de Muxía', 'un parking junto al faro', 'el área de Cambados'],
    tips: [
      'Aquí el viento no perdona: aparcad de culo al mar.',
      'El pulpo del bar del puerto, de lo mejor del viaje.',
      'Hay mucha niebla por la mañana, pero luego abre.',
    ],
  },
  asturias: {
    tags: ['#asturias', '#cantabrico', '#paraisonatural', '#costaverde'],
    places: [
      'Cudillero',
      'Llanes',
      'Ribadesella',
      'la playa del Silencio',
      'Lastres',
      'el cabo de Peñas',
      'Cadavedo',
    ],
    stays: [
      'el área de Llanes',
      'el área de Ribadesella',
      'un parking junto a los acantilados',
      'el área de Cudillero',
    ],
    tips: [
      'La sidra se escancia, no se bebe a morro 😅',
      'Llueve, pero cuando sale el sol no hay nada igual.',
      'En verano id entre semana, los fines de semana está a tope.',
    ],
  },
  costabrava: {
    tags: ['#costabrava', '#girona', '#mediterraneo', '#calas'],
    places: [
      'Cadaqués',
      'Calella de Palafrugell',
      'Begur',
      'el cap de Creus',
      'Tossa de Mar',
      'Llafranc',
      'la cala Aiguablava',
    ],
    stays: ['el área de Torroella de Montgrí', 'un camping de Begur', 'el área de l’Escala'],
    tips: [
      'En verano muchas calas prohíben el acceso a autocaravanas: respetad las señales.',
      'El camino de ronda entre calas es precioso a primera hora.',
      'Fuera de temporada es otro mundo.',
    ],
  },
  cabodegata: {
    tags: ['#cabodegata', '#almeria', '#mediterraneo', '#calas'],
    places: [
      'San José',
      'la playa de los Genoveses',
      'el faro de Cabo de Gata',
      'Las Negras',
      'Agua Amarga',
      'la playa de Mónsul',
      'Rodalquilar',
    ],
    stays: ['el área de San José', 'el área de Níjar', 'un camping de Las Negras'],
    tips: [
      'Dentro del parque natural no se puede pernoctar fuera de zonas autorizadas.',
      'Llevad agua de sobra, aquí escasea.',
      'En invierno se está de lujo, en agosto ni os lo planteéis.',
    ],
  },
  andalucia: {
    tags: ['#andalucia', '#jaen', '#campiña', '#sur'],
    places: [
      'la campiña de Córdoba',
      'los olivares de Jaén',
      'Baeza',
      'Úbeda',
      'Carmona',
      'la sierra de Cazorla',
      'Osuna',
    ],
    stays: ['el área de Úbeda', 'el área de Baeza', 'el área de Carmona'],
    tips: [
      'En julio a mediodía no hay quien pare: ruta por la mañana y siesta a la sombra.',
      'El aceite de la almazara del pueblo, una joya.',
      'Los pueblos blancos se visitan mejor a pie.',
    ],
  },
  larioja: {
    tags: ['#larioja', '#rioja', '#viñedos', '#enoturismo'],
    places: [
      'Haro',
      'Briones',
      'San Vicente de la Sonsierra',
      'Laguardia',
      'Ezcaray',
      'Santo Domingo de la Calzada',
    ],
    stays: ['el área de Haro', 'el área de Laguardia', 'una bodega que admite autocaravanas'],
    tips: [
      'Varias bodegas dejan pernoctar si haces la visita, preguntad.',
      'En vendimia los caminos están llenos de tractores.',
      'Si conducís, que el catador sea el copiloto 🍷',
    ],
  },
  extremadura: {
    tags: ['#extremadura', '#dehesa', '#caceres', '#monfrague'],
    places: [
      'Monfragüe',
      'Trujillo',
      'la dehesa de Cáceres',
      'Guadalupe',
      'el valle del Jerte',
      'la sierra de Gata',
    ],
    stays: ['el área de Trujillo', 'el área de Cáceres', 'el área de Torrejón el Rubio'],
    tips: [
      'Al amanecer se ven buitres desde el Salto del Gitano.',
      'Las encinas dan sombra pero cuidado con las pistas después de llover.',
      'La torta del Casar, obligatoria.',
    ],
  },
  castilla: {
    tags: ['#castilla', '#espanavaciada', '#soria', '#brihuega'],
    places: ['Brihuega', 'los campos de Soria', 'Medinaceli', 'Tierra de Campos', 'Sigüenza', 'Calatañazor'],
    stays: ['el área de Brihuega', 'el área de Medinaceli', 'el área de Sigüenza'],
    tips: [
      'La lavanda florece a primeros de julio, no lleguéis tarde.',
      'Pueblos casi vacíos y cielos enormes: silencio total por la noche.',
      'Llenad agua en cada área, las distancias son largas.',
    ],
  },
  navarra: {
    tags: ['#navarra', '#selvadeirati', '#otoño', '#bosque'],
    places: [
      'la Selva de Irati',
      'Ochagavía',
      'el valle del Baztán',
      'Roncesvalles',
      'el nacedero del Urederra',
    ],
    stays: ['el área de Ochagavía', 'el parking de Orbaitzeta', 'el área de Elizondo'],
    tips: [
      'El aparcamiento de Irati se paga y en otoño se llena pronto.',
      'Botas de agua, aquí el barro es parte del plan.',
      'Los colores cambian cada semana en octubre.',
    ],
  },
  bardenas: {
    tags: ['#bardenasreales', '#navarra', '#desierto', '#castildetierra'],
    places: ['Castildetierra', 'la Bardena Blanca', 'el Rallón', 'Arguedas', 'la pista del polígono de tiro'],
    stays: ['el área de Arguedas', 'el área de Tudela', 'el parking del centro de visitantes'],
    tips: [
      'Dentro del parque no se puede pernoctar: se duerme fuera y se entra de día.',
      'La pista es de tierra y con lluvia se pone imposible.',
      'Llevad agua y gorra, no hay sombra en kilómetros.',
    ],
  },
};

const OPENINGS: Record<Subject, string[]> = {
  montaña: [
    'Despertar con estas vistas no tiene precio.',
    'Subimos hasta aquí con la furgo y mereció cada curva.',
    'Montañas, silencio y café recién hecho.',
    'Hoy tocaba ruta a pie y vuelta a casa rodante.',
  ],
  lago: [
    'El agua estaba tan quieta que parecía un espejo.',
    'Un ibón para nosotros solos durante toda la mañana.',
    'Parada para comer junto al lago y ya no nos quisimos ir.',
  ],
  costa: [
    'El Atlántico en estado puro.',
    'Acantilados, viento y olor a salitre.',
    'Otra puesta de sol desde la ventana de casa.',
    'Hay sitios que te reconcilian con todo.',
  ],
  playa: [
    'Playa casi vacía a primera hora.',
    'Baño, siesta y vuelta a la furgo. Plan perfecto.',
    'Arena fina y agua transparente.',
  ],
  campo: [
    'Kilómetros de campo en todas direcciones.',
    'Carreteras secundarias y paisajes que no salen en las guías.',
    'Paramos en mitad de la nada solo para hacer esta foto.',
  ],
  dehesa: [
    'La dehesa al amanecer es otro planeta.',
    'Encinas, silencio y algún cerdo ibérico curioso.',
    'Extremadura sorprende siempre.',
  ],
  bosque: [
    'Paseo entre árboles y niebla.',
    'El bosque en su mejor momento.',
    'Ruta circular por el bosque y vuelta a la furgo con las botas llenas de barro.',
  ],
  carretera: [
    'Carretera y manta.',
    'Rumbo a las montañas sin prisa.',
    'Lo mejor del viaje siempre es el camino.',
    'Kilómetros por delante y buena música.',
  ],
  noche: [
    'Noche de estrellas lejos de cualquier farola.',
    'Apagamos las luces y apareció la Vía Láctea.',
    'Cena fuera, manta y cielo limpio.',
  ],
  desierto: [
    'Parece otro planeta y está a una hora de Tudela.',
    'Tierra, viento y formas imposibles.',
    'Paisaje lunar para empezar el día.',
  ],
};

const TIME_NOTES: Partial<Record<TimeOfDay, string[]>> = {
  dawn: ['Madrugón a las seis y media, pero mirad qué luz.', 'El amanecer nos pilló con el primer café.'],
  sunset: ['El atardecer duró casi una hora.', 'Puesta de sol de las que se quedan en la memoria.'],
  golden: ['La luz de la tarde lo volvía todo dorado.'],
  night: ['Frío, pero mereció la pena.'],
  dusk: ['Cuando se fue el sol el cielo se puso de todos los colores.'],
};

const STAY_LINES = [
  'Dormimos en {stay}, muy tranquila.',
  'Pernocta en {stay}: agua, vaciado y silencio.',
  'Noche en {stay}, sin problemas.',
  'Hicimos noche en {stay}.',
];
const VEHICLE_TAGS = {
  furgoneta: ['#furgoneta', '#furgo', '#vanlife', '#camper'],
  autocaravana: ['#autocaravana', '#capuchina', '#motorhome'],
};
const GENERAL_TAGS = ['#areasac', '#pernocta', '#rutaencamper', '#viajarsinprisa', '#nomadas', '#españa'];
const SUBJECT_TAGS: Partial<Record<Subject, string>> = {
  lago: '#lagos',
  costa: '#acantilados',
  playa: '#playa',
  noche: '#estrellas',
  carretera: '#roadtrip',
  bosque: '#naturaleza',
};

/** A post text about a photo of `region`, 1–4 sentences plus hashtags; sometimes mentions a travel mate. */
export function postText(
  random: Random,
  photo: { region: Region; subject: Subject; time: TimeOfDay },
  vehicle: 'furgoneta' | 'autocaravana',
  mention?: string,
): string {
  const words = REGIONS[photo.region];
  const place = random.pick(words.places);
  const parts: string[] = [];
  const opening = random.pick(OPENINGS[photo.subject]);
  parts.push(random.chance(0.5) ? `${opening} ${capitalize(place)}.` : `${capitalize(place)}. ${opening}`);
  const timeNotes = TIME_NOTES[photo.time];
  if (timeNotes && random.chance(0.5)) parts.push(random.pick(timeNotes));
  if (random.chance(0.55)) parts.push(random.pick(STAY_LINES).replace('{stay}', random.pick(words.stays)));
  if (random.chance(0.4)) parts.push(random.pick(words.tips));
  if (mention)
    parts.push(
      random.pick([
        `Gracias @${mention} por la recomendación.`,
        `Coincidimos con @${mention} en el área, ¡qué gusto!`,
        `@${mention} esto te va a encantar.`,
        `Ruta compartida con @${mention}.`,
      ]),
    );
  const tags = new Set<string>([
    words.tags[0]!,
    ...random.sample(words.tags.slice(1), random.int(0, 2)),
    random.pick(VEHICLE_TAGS[vehicle]),
  ]);
  const subjectTag = SUBJECT_TAGS[photo.subject];
  if (subjectTag && random.chance(0.6)) tags.add(subjectTag);
  for (const tag of random.sample(GENERAL_TAGS, random.int(0, 2))) tags.add(tag);
  return `${parts.join(' ')}\n\n${[...tags].join(' ')}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const THANKS = [
  '¡Gracias! Fue un día redondo.',
  'Muchas gracias 🙌',
  '¡Gracias! La foto no le hace justicia.',
  '¡Mil gracias! 😊',
];

/** Comments, each with the replies that answer it (praise gets thanks, questions get answers). */
const COMMENTS: Array<{ text: string; replies: string[] }> = [
  { text: '¡Qué pasada de sitio!', replies: THANKS },
  { text: 'Qué envidia sana 😍', replies: ['¡Anímate, que merece la pena!', ...THANKS] },
  { text: 'Brutal la foto.', replies: THANKS },
  {
    text: 'Qué colores, madre mía.',
    replies: ['La luz duró cinco minutos, ¡pillada de milagro!', ...THANKS],
  },
  { text: 'Esto es vida.', replies: ['¡Totalmente! 🙌', 'No la cambiamos por nada.'] },
  { text: 'Sin palabras 👏', replies: THANKS },
  { text: 'La luz es espectacular.', replies: ['Madrugón, pero compensa.', ...THANKS] },
  { text: 'Me habéis alegrado el lunes.', replies: ['¡Pues ya tenemos la semana hecha! 😄'] },
  { text: 'Qué ganas de volver a la carretera.', replies: ['¡Pronto! Nos vemos por ahí.'] },
  {
    text: 'Apuntado para la próxima ruta 📌',
    replies: ['¡Ya nos contarás!', 'Si vas, madruga, que compensa.'],
  },
  {
    text: 'Gracias por compartir, me lo guardo.',
    replies: ['¡A ti por mirar!', 'Si vas, avísame y te paso más sitios.'],
  },
  {
    text: 'Estuvimos el año pasado y nos encantó.',
    replies: ['¡Es para repetir!', '¿Fuisteis en verano? Ahora está mucho más tranquilo.'],
  },
  {
    text: 'Ese sitio lo tengo pendiente desde hace años.',
    replies: ['¡No lo dejes más!', 'Fuera de temporada es cuando mejor se está.'],
  },
  {
    text: 'Nos cruzamos por ahí seguro, ¡íbamos en una furgo verde!',
    replies: ['¡Os vimos! La verde con la tabla en el techo, ¿no?', '¡Qué pequeño es el mundo! 😄'],
  },
  {
    text: '¿Se puede llegar con una autocaravana de 7 metros?',
    replies: [
      'Con 7 metros justito, pero se puede si vas despacio.',
      'Sí, sin problema, el acceso es ancho.',
    ],
  },
  {
    text: '¿Qué tal de cobertura por ahí? Necesito teletrabajar.',
    replies: ['Cobertura regular, 4G a ratos.', 'Buena, teletrabajé dos días sin problema.'],
  },
  {
    text: '¿Había mucha gente?',
    replies: ['Había poca gente, era entre semana.', 'El sábado a tope, entre semana tranquilo.'],
  },
  {
    text: '¿Dónde pernoctasteis?',
    replies: [
      'Dormimos en el área del pueblo, a 10 minutos.',
      'En un parking tranquilo a la entrada del pueblo.',
    ],
  },
  { text: '¿Se admiten perros?', replies: ['Sí, perros sin problema, con correa.'] },
  {
    text: 'Qué bonito. ¿En qué época fuisteis?',
    replies: ['Fuimos a finales de septiembre, ni calor ni gente.', 'En mayo, con todo verde.'],
  },
  {
    text: '¿El área tiene vaciado de grises?',
    replies: ['Sí, grises y negras, y agua potable.', 'Solo grises; las negras, en el pueblo de al lado.'],
  },
  {
    text: 'Nosotros vamos la semana que viene, ¿algún consejo?',
    replies: ['¡Disfrutadlo mucho! Madrugad, que compensa.', 'Si vais, probad el bar de la plaza.'],
  },
  {
    text: '¿Es de pago el parking?',
    replies: ['Gratis, y con fuente de agua.', 'Tres euros el día, la noche gratis.'],
  },
  { text: 'Precioso. ¿Hay sombra para el verano?', replies: ['Sombra poca, mejor en primavera u otoño.'] },
  {
    text: '¿Cuántos días os quedasteis?',
    replies: ['Tres días, y nos quedamos con ganas de más.', 'Una noche, pero volveremos con calma.'],
  },
];

export interface DemoComment {
  text: string;
  replies: string[];
}

const AGREEMENTS = ['¡Totalmente de acuerdo!', '¡Ya ves! 😍', 'Opino igual.'];

/** Different comments for one post. */
export const pickComments = (random: Random, count: number): DemoComment[] => random.sample(COMMENTS, count);

/** The author answers; somebody else chimes in with an answer to a question or agrees with praise. */
export const authorReply = (random: Random, comment: DemoComment) => random.pick(comment.replies);
export const bystanderReply = (random: Random, comment: DemoComment) =>
  random.pick(comment.text.includes('?') ? comment.replies : AGREEMENTS);
