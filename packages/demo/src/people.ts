import type { Region } from './photos/catalogue.js';

/** Documented in the README: the one demo account anybody can log in with (an ordinary user). */
export const DEMO_LOGIN = { username: 'demo', password: 'nomadas-demo', email: 'demo@example.com' } as const;

/** The demo's moderator, to show the moderation queue: its password is made on the first run and logged. */
export const DEMO_MODERATOR = { username: 'moderacion_demo' } as const;

export interface DemoPerson {
  username: string;
  description: string;
  /** Where they mostly travel: most of their posts show these regions. */
  regions: Region[];
  vehicle: 'furgoneta' | 'autocaravana';
  avatar: 'portrait' | 'van' | 'photo';
}

const p = (
  username: string,
  vehicle: DemoPerson['vehicle'],
  avatar: DemoPerson['avatar'],
  regions: Region[],
  description: string,
): DemoPerson => ({ username, vehicle, avatar, regions, description });

/** The demo community. The first one is the demo login. */
export const DEMO_PEOPLE: DemoPerson[] = [
  p(
    'demo',
    'autocaravana',
    'portrait',
    ['galicia', 'asturias', 'picos'],
    'Cuenta de demostración de nómadas. Viajo por el norte en una capuchina de 2009 y apunto aquí las mejores áreas.',
  ),
  p(
    'lucia_en_ruta',
    'furgoneta',
    'portrait',
    ['galicia', 'asturias'],
    'Ilustradora a tiempo parcial, nómada a tiempo completo. Furgo camperizada a mano 🚐',
  ),
  p(
    'furgo_pirineos',
    'furgoneta',
    'van',
    ['pirineos', 'navarra'],
    'Montaña, ibones y café de puchero. Pirineo de punta a punta.',
  ),
  p(
    'marta_y_pablo',
    'autocaravana',
    'portrait',
    ['costabrava', 'pirineos', 'larioja'],
    'Dos profes en excedencia recorriendo la península sin reloj.',
  ),
  p(
    'la_capuchina_azul',
    'autocaravana',
    'van',
    ['extremadura', 'andalucia', 'castilla'],
    'Nuestra casa tiene ruedas y es azul. Jubilados y felices.',
  ),
  p(
    'rodando_con_lola',
    'furgoneta',
    'portrait',
    ['cabodegata', 'andalucia'],
    'Lola es mi perra y mi copiloto. Buscamos calas y sitios tranquilos.',
  ),
  p(
    'nomada_galaico',
    'furgoneta',
    'photo',
    ['galicia'],
    'Galego de nacemento. Costa da Morte, Rías Baixas e polbo á feira.',
  ),
  p(
    'javi_camper',
    'furgoneta',
    'portrait',
    ['picos', 'asturias', 'pirineos'],
    'Escalada, bici y furgo. Si hay pared, paro.',
  ),
  p(
    'sol_y_furgo',
    'furgoneta',
    'photo',
    ['cabodegata', 'costabrava', 'andalucia'],
    'Persiguiendo el sol de invierno por el Mediterráneo ☀️',
  ),
  p(
    'ana_viaja_lenta',
    'autocaravana',
    'portrait',
    ['larioja', 'castilla', 'navarra'],
    'Slow travel, vino y pueblos con encanto.',
  ),
  p(
    'kilometro_cero',
    'autocaravana',
    'photo',
    ['castilla', 'extremadura'],
    'Rutas por la España vaciada. Cada pueblo tiene una historia.',
  ),
  p(
    'los_trotamundos',
    'autocaravana',
    'portrait',
    ['costabrava', 'pirineos', 'galicia'],
    'Familia de cuatro (y un gato) viviendo un año en ruta.',
  ),
  p(
    'dani_4x4',
    'furgoneta',
    'van',
    ['bardenas', 'sierranevada', 'pirineos'],
    'Pistas, desiertos y noches de estrellas. Siempre respetando el entorno.',
  ),
  p(
    'elena_sin_prisa',
    'furgoneta',
    'portrait',
    ['asturias', 'galicia'],
    'Teletrabajo desde donde haya cobertura y vistas al mar.',
  ),
  p(
    'vanlife_asturias',
    'furgoneta',
    'photo',
    ['asturias', 'picos'],
    'Asturias, paraíso natural. Y la sidra, claro.',
  ),
  p(
    'pepe_y_la_furgo',
    'furgoneta',
    'portrait',
    ['andalucia', 'sierranevada'],
    'Granadino con furgo vieja y muchas ganas de carretera.',
  ),
  p(
    'carmen_ruta_sur',
    'autocaravana',
    'portrait',
    ['andalucia', 'cabodegata', 'extremadura'],
    'El sur también existe. Olivos, cortijos y atardeceres naranjas.',
  ),
  p(
    'mochila_y_ruedas',
    'furgoneta',
    'portrait',
    ['pirineos', 'picos'],
    'Senderista con casa rodante. Cumbres, refugios y lagos de montaña.',
  ),
  p(
    'tomas_atardeceres',
    'autocaravana',
    'photo',
    ['galicia', 'cabodegata', 'costabrava'],
    'Coleccionista de atardeceres. Llevo más de 300.',
  ),
  p(
    'irene_nomada',
    'furgoneta',
    'portrait',
    ['navarra', 'bardenas', 'larioja'],
    'Fotógrafa. Viajo despacio para mirar mejor.',
  ),
  p(
    'furgoperros',
    'furgoneta',
    'van',
    ['asturias', 'pirineos', 'galicia'],
    'Tres perros, dos humanos y una furgo. Rutas dog friendly 🐾',
  ),
  p(
    'la_vida_en_ruta',
    'autocaravana',
    'portrait',
    ['extremadura', 'castilla', 'andalucia'],
    'Dejamos la ciudad en 2022 y no hemos vuelto.',
  ),
  p(
    'sergio_fotografia',
    'furgoneta',
    'photo',
    ['sierranevada', 'pirineos', 'picos'],
    'Fotografía de paisaje y astrofoto desde la furgo.',
  ),
  p(
    'bea_y_el_mar',
    'furgoneta',
    'portrait',
    ['costabrava', 'cabodegata'],
    'Buceo, calas y puestas de sol. Si hay agua, me meto.',
  ),
  p(
    'pau_costabrava',
    'furgoneta',
    'portrait',
    ['costabrava', 'pirineos'],
    'De Portbou a Blanes, calas y caminos de ronda.',
  ),
  p(
    'nerea_montana',
    'furgoneta',
    'portrait',
    ['pirineos', 'navarra', 'picos'],
    'Montañera. Prefiero el frío al calor y el silencio al ruido.',
  ),
  p(
    'andres_jubilado_viajero',
    'autocaravana',
    'portrait',
    ['andalucia', 'extremadura', 'castilla'],
    '40 años de trabajo y ahora toca rodar. Con Maribel, siempre.',
  ),
  p(
    'familia_en_ruta',
    'autocaravana',
    'van',
    ['galicia', 'asturias', 'costabrava'],
    'Educación en ruta con dos peques curiosos.',
  ),
  p(
    'alba_autocaravana',
    'autocaravana',
    'portrait',
    ['larioja', 'navarra', 'pirineos'],
    'Mi primera autocaravana y mi primer año de ruta. ¡Consejos bienvenidos!',
  ),
  p(
    'miguel_areasac',
    'autocaravana',
    'photo',
    ['castilla', 'larioja', 'extremadura'],
    'Reviso áreas de autocaravanas: agua, vaciado, sombra y silencio.',
  ),
  p(
    'rocio_y_toby',
    'furgoneta',
    'portrait',
    ['cabodegata', 'andalucia'],
    'Toby es un podenco con alma de surfero.',
  ),
  p(
    'luis_camperizando',
    'furgoneta',
    'van',
    ['castilla', 'pirineos'],
    'Camperizo furgos y cuento cómo. Madera, placas solares y mucho cariño.',
  ),
  p(
    'clara_caminos',
    'furgoneta',
    'portrait',
    ['galicia', 'castilla'],
    'Caminos, peregrinos y pueblos de piedra.',
  ),
  p(
    'hugo_off_road',
    'furgoneta',
    'photo',
    ['bardenas', 'sierranevada'],
    'Si el asfalto se acaba, empieza lo bueno.',
  ),
  p(
    'noelia_surfvan',
    'furgoneta',
    'portrait',
    ['asturias', 'galicia', 'cabodegata'],
    'Surf, furgo y buscar la ola perfecta del Cantábrico.',
  ),
  p(
    'raul_pirineo',
    'autocaravana',
    'portrait',
    ['pirineos', 'navarra'],
    'Oscense. El Pirineo aragonés es mi casa.',
  ),
  p(
    'ines_slowtravel',
    'furgoneta',
    'portrait',
    ['larioja', 'navarra', 'castilla'],
    'Viajar lento, comer bien, dormir mejor.',
  ),
  p(
    'oscar_y_marina',
    'autocaravana',
    'photo',
    ['costabrava', 'galicia', 'andalucia'],
    'Pareja viajera. Ella conduce, yo hago las fotos.',
  ),
  p(
    'vero_furgonetera',
    'furgoneta',
    'van',
    ['extremadura', 'andalucia'],
    'Furgonetera de corazón. Dehesas, embalses y cielos limpios.',
  ),
  p(
    'jaime_rutas_norte',
    'autocaravana',
    'portrait',
    ['asturias', 'picos', 'galicia'],
    'Rutas por el norte: verde, lluvia y los mejores quesos.',
  ),
];
