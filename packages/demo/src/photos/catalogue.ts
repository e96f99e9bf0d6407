import { createRandom } from '../random.js';
import { LIGHTS, type TimeOfDay } from './color.js';
import type { Crop } from './fields.js';
import { COASTS, beachScene, coastScene } from './scenes-coast.js';
import type { SceneContext } from './scene.js';
import { badlandsScene, dehesaScene, fieldScene, forestScene } from './scenes-country.js';
import { MOUNTAINS, lakeScene, mountainScene, nightCampScene, roadScene } from './scenes-mountains.js';
import { Svg } from './svg.js';
import { drawVignette } from './sky.js';

/** Where a photo was "taken": the demo posts talk about the place their photo shows. */
export type Region =
  | 'pirineos'
  | 'picos'
  | 'sierranevada'
  | 'galicia'
  | 'asturias'
  | 'costabrava'
  | 'cabodegata'
  | 'andalucia'
  | 'larioja'
  | 'extremadura'
  | 'castilla'
  | 'navarra'
  | 'bardenas';

/** What the photo shows, so the text can mention it. */
export type Subject =
  'montaña' | 'lago' | 'costa' | 'playa' | 'campo' | 'dehesa' | 'bosque' | 'carretera' | 'noche' | 'desierto';

export interface PhotoVariant {
  key: string;
  region: Region;
  subject: Subject;
  time: TimeOfDay;
  width: number;
  height: number;
  draw(context: SceneContext): void;
}

const LANDSCAPE = { width: 1440, height: 1080 };
const PORTRAIT = { width: 1080, height: 1350 };
const SQUARE = { width: 1080, height: 1080 };

type Size = typeof LANDSCAPE;
const v = (
  key: string,
  region: Region,
  subject: Subject,
  time: TimeOfDay,
  size: Size,
  draw: PhotoVariant['draw'],
): PhotoVariant => ({
  key,
  region,
  subject,
  time,
  ...size,
  draw,
});
const field = (crop: Crop, hills: string[]) => (c: SceneContext) => fieldScene(c, crop, hills);

/** The ~40 scenes the demo wall is built from (each reused by several posts). */
export const PHOTO_VARIANTS: PhotoVariant[] = [
  v('pirineos-amanecer', 'pirineos', 'montaña', 'dawn', LANDSCAPE, (c) =>
    mountainScene(c, MOUNTAINS.pirineos),
  ),
  v('pirineos-mediodia', 'pirineos', 'montaña', 'noon', LANDSCAPE, (c) =>
    mountainScene(c, MOUNTAINS.pirineos, 'capuchina'),
  ),
  v('pirineos-atardecer', 'pirineos', 'montaña', 'sunset', PORTRAIT, (c) =>
    mountainScene(c, MOUNTAINS.pirineos),
  ),
  v('pirineos-ibon', 'pirineos', 'lago', 'morning', LANDSCAPE, (c) => lakeScene(c, MOUNTAINS.pirineos)),
  v('pirineos-ibon-tarde', 'pirineos', 'lago', 'golden', PORTRAIT, (c) => lakeScene(c, MOUNTAINS.pirineos)),
  v('pirineos-carretera', 'pirineos', 'carretera', 'morning', LANDSCAPE, (c) =>
    roadScene(c, MOUNTAINS.pirineos, '#6f8a45'),
  ),
  v('pirineos-noche', 'pirineos', 'noche', 'night', LANDSCAPE, (c) => nightCampScene(c, 'capuchina')),
  v('picos-manana', 'picos', 'montaña', 'morning', LANDSCAPE, (c) =>
    mountainScene(c, MOUNTAINS.picos, 'camper'),
  ),
  v('picos-dorado', 'picos', 'montaña', 'golden', SQUARE, (c) => mountainScene(c, MOUNTAINS.picos)),
  v('picos-lagos', 'picos', 'lago', 'noon', LANDSCAPE, (c) => lakeScene(c, MOUNTAINS.picos)),
  v('picos-anochecer', 'picos', 'montaña', 'dusk', LANDSCAPE, (c) => mountainScene(c, MOUNTAINS.picos)),
  v('sierranevada-nieve', 'sierranevada', 'montaña', 'noon', LANDSCAPE, (c) =>
    mountainScene(c, MOUNTAINS.sierraNevada),
  ),
  v('sierranevada-carretera', 'sierranevada', 'carretera', 'sunset', LANDSCAPE, (c) =>
    roadScene(c, MOUNTAINS.sierraNevada, '#a08a5a'),
  ),
  v('galicia-faro', 'galicia', 'costa', 'sunset', LANDSCAPE, (c) => coastScene(c, COASTS.galicia)),
  v('galicia-acantilado', 'galicia', 'costa', 'morning', PORTRAIT, (c) =>
    coastScene(c, COASTS.galicia, 'camper'),
  ),
  v('galicia-playa', 'galicia', 'playa', 'golden', LANDSCAPE, (c) => beachScene(c, COASTS.galicia)),
  v('galicia-bosque', 'galicia', 'bosque', 'morning', LANDSCAPE, (c) => forestScene(c, false)),
  v('asturias-costa', 'asturias', 'costa', 'noon', LANDSCAPE, (c) => coastScene(c, COASTS.asturias)),
  v('asturias-atardecer', 'asturias', 'costa', 'dusk', LANDSCAPE, (c) =>
    coastScene(c, COASTS.asturias, 'capuchina'),
  ),
  v('asturias-valle', 'asturias', 'montaña', 'dawn', PORTRAIT, (c) => mountainScene(c, MOUNTAINS.verde)),
  v('asturias-niebla', 'asturias', 'bosque', 'dawn', LANDSCAPE, (c) => forestScene(c, false)),
  v('costabrava-cala', 'costabrava', 'costa', 'noon', LANDSCAPE, (c) => coastScene(c, COASTS.costaBrava)),
  v('costabrava-tarde', 'costabrava', 'costa', 'golden', SQUARE, (c) =>
    coastScene(c, COASTS.costaBrava, 'camper'),
  ),
  v('costabrava-playa', 'costabrava', 'playa', 'morning', PORTRAIT, (c) => beachScene(c, COASTS.costaBrava)),
  v('cabodegata-faro', 'cabodegata', 'costa', 'sunset', LANDSCAPE, (c) => coastScene(c, COASTS.cabodegata)),
  v('cabodegata-playa', 'cabodegata', 'playa', 'noon', LANDSCAPE, (c) => beachScene(c, COASTS.cabodegata)),
  v('cabodegata-amanecer', 'cabodegata', 'playa', 'dawn', SQUARE, (c) => beachScene(c, COASTS.cabodegata)),
  v('cabodegata-noche', 'cabodegata', 'noche', 'night', PORTRAIT, (c) => nightCampScene(c, 'camper')),
  v(
    'andalucia-girasoles',
    'andalucia',
    'campo',
    'golden',
    LANDSCAPE,
    field('sunflowers', ['#7a8a4a', '#8f9a55', '#6f7d3c']),
  ),
  v(
    'andalucia-girasoles-tarde',
    'andalucia',
    'campo',
    'sunset',
    PORTRAIT,
    field('sunflowers', ['#6a6a40', '#5a6a35']),
  ),
  v(
    'andalucia-olivos',
    'andalucia',
    'campo',
    'noon',
    LANDSCAPE,
    field('olives', ['#9a8a5a', '#b09a62', '#8a7a4a']),
  ),
  v(
    'andalucia-olivos-atardecer',
    'andalucia',
    'campo',
    'sunset',
    LANDSCAPE,
    field('olives', ['#7a6a4a', '#8a7a50']),
  ),
  v(
    'larioja-vinedos',
    'larioja',
    'campo',
    'golden',
    LANDSCAPE,
    field('vineyard', ['#6a7a8a', '#7a8a5a', '#8a7a4a']),
  ),
  v(
    'larioja-vinedos-manana',
    'larioja',
    'campo',
    'morning',
    SQUARE,
    field('vineyard', ['#7a8aa0', '#6f8a4a']),
  ),
  v('castilla-trigo', 'castilla', 'campo', 'golden', LANDSCAPE, field('wheat', ['#a09a6a', '#b0a060'])),
  v('castilla-lavanda', 'castilla', 'campo', 'sunset', LANDSCAPE, field('lavender', ['#8a7a6a', '#9a8a6a'])),
  v('castilla-carretera', 'castilla', 'carretera', 'noon', PORTRAIT, (c) =>
    roadScene(c, MOUNTAINS.sierraNevada, '#b59a5a'),
  ),
  v('extremadura-dehesa', 'extremadura', 'dehesa', 'golden', LANDSCAPE, dehesaScene),
  v('extremadura-dehesa-amanecer', 'extremadura', 'dehesa', 'dawn', LANDSCAPE, dehesaScene),
  v('navarra-irati', 'navarra', 'bosque', 'golden', LANDSCAPE, (c) => forestScene(c, true)),
  v('navarra-hayedo', 'navarra', 'bosque', 'morning', PORTRAIT, (c) => forestScene(c, true)),
  v('bardenas-mediodia', 'bardenas', 'desierto', 'noon', LANDSCAPE, badlandsScene),
  v('bardenas-atardecer', 'bardenas', 'desierto', 'sunset', LANDSCAPE, badlandsScene),
];

/** The scene's SVG: the same for a key on every run. */
export function variantSvg(variant: PhotoVariant): string {
  const svg = new Svg(variant.width, variant.height);
  variant.draw({ svg, random: createRandom(variant.key), light: LIGHTS[variant.time] });
  drawVignette(svg);
  return svg.toString();
}
