import type { Random } from '../random.js';
import type { Light } from './color.js';
import type { Svg } from './svg.js';

/** What every scene draws with: the canvas, its own seeded random source and the time of day. */
export interface SceneContext {
  svg: Svg;
  random: Random;
  light: Light;
}

/** The sun's x: off to one side, where it lights the scene from. */
export const sunSide = (random: Random, width: number) =>
  width * (random.chance(0.5) ? random.range(0.15, 0.38) : random.range(0.62, 0.85));
