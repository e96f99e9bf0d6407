import type { Random } from '../random.js';
import { darken, lighten, litColor, mix, type Light } from './color.js';
import { drawCropField, type Crop } from './fields.js';
import { drawForestBand, drawGrassForeground, drawRoundTree } from './flora.js';
import { drawClouds, drawSky } from './sky.js';
import { polygon, areaUnder, type Point, type Svg } from './svg.js';
import { drawHills, drawLakeReflection, drawMist, drawRange, ridge } from './terrain.js';
import { drawVehicleRear, drawVehicleSide, type Vehicle } from './vehicles.js';

export interface MountainStyle {
  rock: string;
  vegetation: string;
  roughness: number;
  snow: number;
}

export const MOUNTAINS = {
  pirineos: { rock: '#7b7f88', vegetation: '#3d6a3c', roughness: 0.56, snow: 0.55 },
  picos: { rock: '#a3a29a', vegetation: '#4a7a3a', roughness: 0.62, snow: 0.3 },
  sierraNevada: { rock: '#8b7f6c', vegetation: '#6d6b44', roughness: 0.5, snow: 0.45 },
  verde: { rock: '#5e6b5a', vegetation: '#3f7a3a', roughness: 0.45, snow: 0 },
} satisfies Record<string, MountainStyle>;

export interface SceneContext {
  svg: Svg;
  random: Random;
  light: Light;
}

const sunSide = (random: Random, width: number) => width * (random.chance(0.5) ? random.range(0.15, 0.38) : random.range(0.62, 0.85));

/** Layered peaks with a meadow in front; optionally a motorhome parked at a viewpoint. */
export function mountainScene({ svg, random, light }: SceneContext, style: MountainStyle, vehicle?: Vehicle): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.5, 0.6);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, { count: random.int(3, 7), streaks: light.sunHeight < 0.1 });
  const ridges = drawRange(svg, random.fork('range'), light, {
    layers: random.int(4, 5),
    farBase: horizon,
    nearBase: H * 0.8,
    amplitude: H * random.range(0.28, 0.36),
    roughness: style.roughness,
    rock: style.rock,
    vegetation: style.vegetation,
    snow: style.snow,
    sunX,
    bottom: H,
  });
  drawMist(svg, light, horizon + H * 0.08, H * 0.07, 0.4);
  const forestLine = ridges[ridges.length - 2]!;
  drawForestBand(svg, random.fork('pines'), {
    y: (x) => forestLine[Math.min(256, Math.max(0, Math.round((x / W) * 256)))]![1] + H * 0.004,
    height: H * 0.028,
    density: 1.1,
    color: litColor(mix(style.vegetation, '#1d3322', 0.5), light, 0.75),
  });
  const meadow = ridge(random.fork('meadow'), W, { base: H * 0.9, amplitude: H * 0.06, roughness: 0.3, summits: 2 }).filter((_, i) => i % 16 === 0);
  svg.path(areaUnder(meadow, H, true), svg.linear([[0, litColor('#6f9a3e', light, 0.9)], [1, litColor('#3d6a2a', light, 1)]]));
  if (vehicle) {
    const length = W * random.range(0.22, 0.3);
    const x = random.chance(0.5) ? W * 0.08 : W * 0.92 - length;
    drawVehicleSide(svg, light, { kind: vehicle, x, groundY: H * 0.9, length, facingRight: x < W / 2, stripe: random.pick(['#c2542d', '#1f6f78', '#7a2f3a', '#3b5b8c']) });
  }
  drawGrassForeground(svg, random.fork('grass'), litColor('#2f5a22', light, 1), H * 0.06);
}

/** A mountain lake: the range mirrored in still water, with a wooded shore. */
export function lakeScene({ svg, random, light }: SceneContext, style: MountainStyle): void {
  const { width: W, height: H } = svg;
  const shore = H * random.range(0.58, 0.66);
  const sunX = sunSide(random, W);
  const landscape = svg.capture(() => {
    drawSky(svg, random.fork('sky'), light, shore - H * 0.12, sunX);
    drawClouds(svg, random.fork('clouds'), light, shore - H * 0.12, { count: random.int(2, 6), streaks: light.sunHeight < 0.1 });
    drawRange(svg, random.fork('range'), light, {
      layers: 3,
      farBase: shore - H * 0.14,
      nearBase: shore - H * 0.02,
      amplitude: H * 0.3,
      roughness: style.roughness,
      rock: style.rock,
      vegetation: style.vegetation,
      snow: style.snow,
      sunX,
      bottom: shore + 2,
    });
    drawForestBand(svg, random.fork('shore'), { y: () => shore, height: H * 0.05, density: 1.6, color: litColor('#1f3d26', light, 0.8) });
  });
  svg.add(landscape);
  drawLakeReflection(svg, random.fork('ripples'), light, shore, landscape);
  const rocks: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = random.range(0, W);
    const y = H * random.range(0.9, 1.02);
    const r = W * random.range(0.02, 0.06);
    rocks.push(polygon([[x - r, y + r * 0.3], [x - r * 0.7, y - r * 0.5], [x, y - r * 0.7], [x + r * 0.8, y - r * 0.3], [x + r, y + r * 0.3]]));
  }
  svg.path(rocks.join(''), litColor('#6f6a62', light, 1));
}

export function fieldScene({ svg, random, light }: SceneContext, crop: Crop, hillColors: string[]): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.42, 0.52);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, { count: random.int(2, 6), streaks: light.sunHeight < 0.1 });
  drawHills(svg, random.fork('hills'), light, { layers: 3, farBase: horizon - H * 0.02, nearBase: horizon + H * 0.04, amplitude: H * 0.08, colors: hillColors, bottom: H });
  if (random.chance(0.6)) drawFarmhouse(svg, light, W * random.range(0.15, 0.85), horizon + H * 0.045, W * 0.05);
  drawCropField(svg, random.fork('crop'), light, crop, { horizon, top: horizon + H * 0.05, vanishX: W * random.range(0.35, 0.65), sunLeft: sunX < W / 2 });
}

/** A white farmhouse with a tiled roof, as in the Spanish countryside. */
function drawFarmhouse(svg: Svg, light: Light, x: number, groundY: number, width: number): void {
  const h = width * 0.45;
  const wall = litColor('#f2eee4', light, 0.6);
  svg.rect(x - width / 2, groundY - h, width, h, wall);
  svg.rect(x + width * 0.1, groundY - h * 1.25, width * 0.35, h * 0.25, wall);
  svg.path(polygon([[x - width * 0.55, groundY - h], [x - width * 0.45, groundY - h * 1.35], [x + width * 0.1, groundY - h * 1.35], [x + width * 0.05, groundY - h]]), litColor('#a4502e', light, 0.6));
  svg.rect(x - width * 0.3, groundY - h * 0.6, width * 0.08, h * 0.3, darken(wall, 0.6));
  svg.rect(x + width * 0.15, groundY - h * 0.6, width * 0.08, h * 0.3, darken(wall, 0.6));
}

/** Extremadura's dehesa: golden grass, scattered holm oaks and Iberian pigs. */
export function dehesaScene({ svg, random, light }: SceneContext): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.5, 0.58);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, { count: random.int(3, 7), streaks: light.sunHeight < 0.1 });
  drawHills(svg, random.fork('hills'), light, { layers: 2, farBase: horizon - H * 0.01, nearBase: horizon + H * 0.02, amplitude: H * 0.03, colors: ['#7c7a4e', '#b59a55'], bottom: H });
  svg.rect(0, horizon + H * 0.02, W, H, svg.linear([[0, litColor('#c9a75a', light, 0.6)], [1, litColor('#a88a3f', light, 1)]]));
  const trees = Array.from({ length: 26 }, () => ({ x: random.range(-0.05, 1.05) * W, d: Math.pow(random.next(), 1.5) }));
  trees.sort((a, b) => a.d - b.d);
  for (const tree of trees) {
    const y = horizon + H * 0.025 + tree.d * (H - horizon) * 0.85;
    drawRoundTree(svg, random, tree.x, y, W * (0.012 + tree.d * 0.13), { leaf: litColor('#4b5a2c', light, 0.5 + tree.d / 2), trunk: litColor('#3b2f22', light, 1), light, sunLeft: sunX < W / 2, shadow: true, flat: 0.6 });
  }
  drawGrassForeground(svg, random.fork('grass'), litColor('#8a6d2c', light, 1), H * 0.05);
}

/** Conifer ridges fading into mist, or a beech wood in autumn colours. */
export function forestScene({ svg, random, light }: SceneContext, autumn: boolean): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.38, 0.46);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  const layers = 5;
  for (let layer = 0; layer < layers; layer++) {
    const depth = layer / (layers - 1);
    const line = ridge(random.fork(`f${layer}`), W, { base: horizon + depth * H * 0.42, amplitude: H * (0.12 - depth * 0.05), roughness: 0.4, summits: 2 });
    const yAt = (x: number) => line[Math.min(256, Math.max(0, Math.round((x / W) * 256)))]![1];
    const color = litColor(autumn ? '#2f3d23' : '#1d3a28', light, 0.2 + depth * 0.8);
    svg.path(areaUnder(line, H), color);
    if (autumn && depth > 0.2) {
      const palette = ['#c0522a', '#d88a2e', '#e0b03c', '#9a3a22', '#6f7a2c'];
      for (let tier = 0; tier < 3; tier++) {
        for (let x = -20; x < W + 20; x += W * (0.012 + depth * 0.03) * random.range(0.7, 1.2)) {
          const size = W * (0.025 + depth * 0.06);
          drawRoundTree(svg, random, x, yAt(x) + size * (0.5 + tier * 0.45), size, { leaf: litColor(random.pick(palette), light, 0.4 + depth * 0.6), trunk: darken(color, 0.3), light, sunLeft: sunX < W / 2 });
        }
      }
    } else {
      drawForestBand(svg, random.fork(`t${layer}`), { y: yAt, height: H * (0.05 + depth * 0.16), density: 1.4, color });
    }
    if (layer < layers - 1) drawMist(svg, light, horizon + (depth + 0.12) * H * 0.42, H * 0.05, 0.5 - depth * 0.2);
  }
  svg.rect(0, 0, W, H, svg.linear([[0, lighten(light.haze, 0.2), 0], [0.6, lighten(light.haze, 0.2), 0.08], [1, light.haze, 0]]));
}

/** A straight road to the mountains with a motorhome driving away. */
export function roadScene({ svg, random, light }: SceneContext, style: MountainStyle, ground: string): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.5, 0.56);
  const sunX = sunSide(random, W);
  const vanish = W * random.range(0.42, 0.58);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, { count: random.int(3, 7), streaks: light.sunHeight < 0.1 });
  drawRange(svg, random.fork('range'), light, { layers: 3, farBase: horizon - H * 0.02, nearBase: horizon + H * 0.01, amplitude: H * 0.26, roughness: style.roughness, rock: style.rock, vegetation: style.vegetation, snow: style.snow, sunX, bottom: horizon + H * 0.03 });
  svg.rect(0, horizon + H * 0.02, W, H, svg.linear([[0, litColor(ground, light, 0.6)], [1, litColor(ground, light, 1)]]));
  const top = horizon + H * 0.02;
  const road = (d: number, side: number): Point => [vanish + side * (3 + d * W * 0.55), top + d * (H - top)];
  svg.path(polygon([road(0, -1), road(0, 1), road(1.05, 1), road(1.05, -1)]), svg.linear([[0, litColor('#6b6b6b', light, 0.5)], [1, litColor('#3a3b3d', light, 1)]]));
  const marks: string[] = [];
  for (const side of [-0.93, 0.93]) {
    const [x0, y0] = road(0, side);
    const [x1, y1] = road(1.05, side);
    marks.push(`M${x0.toFixed(1)},${y0.toFixed(1)}L${x1.toFixed(1)},${y1.toFixed(1)}`);
  }
  svg.path(marks.join(''), 'none', `stroke="${litColor('#f4f4ee', light, 0.8)}" stroke-width="${(W * 0.004).toFixed(1)}"`);
  const dashes: string[] = [];
  for (let d = 0.02; d < 1.05; d *= 1.32) {
    const [x0, y0] = road(d, 0);
    const [, y1] = road(d * 1.14, 0);
    const w = 0.5 + d * W * 0.008;
    dashes.push(polygon([[x0 - w, y0], [x0 + w, y0], [x0 + w * 1.14, y1], [x0 - w * 1.14, y1]]));
  }
  svg.path(dashes.join(''), litColor('#f2f0e6', light, 0.8));
  const posts: string[] = [];
  for (let d = 0.03; d < 1.05; d *= 1.3) {
    const [x, y] = road(d, 1.18);
    const h = 4 + d * H * 0.09;
    posts.push(`M${x.toFixed(1)},${y.toFixed(1)}v${(-h).toFixed(1)}`);
  }
  svg.path(posts.join(''), 'none', `stroke="${litColor('#f4f4ee', light, 0.7)}" stroke-width="${(W * 0.004).toFixed(1)}"`);
  const [carX, carY] = road(0.42, -0.4);
  drawVehicleRear(svg, light, carX, carY, W * 0.12, random.pick(['#c2542d', '#1f6f78', '#3b5b8c']));
}

/** After dark: a motorhome with warm windows under the Milky Way. */
export function nightCampScene({ svg, random, light }: SceneContext, vehicle: Vehicle): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.62, 0.7);
  drawSky(svg, random, light, horizon, W / 2);
  drawHills(svg, random.fork('hills'), light, { layers: 2, farBase: horizon - H * 0.02, nearBase: horizon + H * 0.06, amplitude: H * 0.12, colors: ['#1b2438', '#0d1320'], bottom: H });
  const length = W * random.range(0.3, 0.38);
  const x = W * random.range(0.1, 0.9) - length / 2;
  drawVehicleSide(svg, light, { kind: vehicle, x, groundY: H * 0.9, length, facingRight: random.chance(0.5), stripe: '#000000' });
  svg.rect(0, H * 0.9, W, H * 0.1, '#07090f');
  drawGrassForeground(svg, random.fork('grass'), '#05070b', H * 0.05);
}

/** Bardenas Reales: eroded clay mesas and chimneys in a semi-desert. */
export function badlandsScene({ svg, random, light }: SceneContext): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.55, 0.62);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, { count: random.int(1, 4), streaks: true });
  const clay = ['#c89a6a', '#b88558', '#d6b07e'];
  svg.rect(0, horizon, W, H - horizon, svg.linear([[0, litColor('#c9a878', light, 0.5)], [0.4, litColor('#bf9a6a', light, 0.85)], [1, litColor('#a27d52', light, 1)]]));
  for (let i = 0; i < 8; i++) {
    const depth = i / 7;
    const cx = random.range(-0.05, 1.05) * W;
    const baseY = horizon + 2 + Math.pow(depth, 1.5) * H * 0.2;
    const topW = W * random.range(0.03, 0.12) * (0.4 + depth);
    const h = H * random.range(0.05, 0.14) * (0.5 + depth);
    const color = litColor(random.pick(clay), light, 0.3 + depth * 0.7);
    // Eroded flanks: a cap of harder rock, then stepped, gullied slopes spreading to the plain.
    const left: Point[] = [];
    const right: Point[] = [];
    for (let k = 0; k <= 6; k++) {
      const t = k / 6;
      const spread = topW / 2 + Math.pow(t, 1.6) * topW * random.range(0.9, 1.6);
      left.push([cx - spread + random.range(-1, 1) * topW * 0.05, baseY - h + t * h]);
      right.push([cx + spread + random.range(-1, 1) * topW * 0.05, baseY - h + t * h]);
    }
    const shape = polygon([...left.reverse(), ...right]);
    svg.path(shape, svg.linear([[0, lighten(color, 0.08)], [1, darken(color, 0.1)]]));
    svg.rect(cx - topW / 2 - 2, baseY - h - h * 0.06, topW + 4, h * 0.08, darken(color, 0.25));
    const clip = svg.clip(`<path d="${shape}"/>`);
    const lines: string[] = [];
    for (let k = 1; k < 7; k++) lines.push(`M${cx - topW * 3},${(baseY - h + (h * k) / 7).toFixed(1)}h${topW * 6}`);
    for (let k = 0; k < 10; k++) {
      const x = cx + random.range(-1.5, 1.5) * topW;
      lines.push(`M${x.toFixed(1)},${(baseY - h * 0.9).toFixed(1)}l${random.range(-6, 6).toFixed(1)},${(h * 0.9).toFixed(1)}`);
    }
    svg.group(`clip-path="${clip}"`, () => {
      svg.path(lines.join(''), 'none', `stroke="${darken(color, 0.22)}" stroke-width="${(0.8 + depth * 2).toFixed(1)}" opacity="0.45"`);
      const shadeX = sunX < W / 2 ? cx : cx - topW * 3;
      svg.rect(shadeX, baseY - h * 1.2, topW * 3, h * 1.3, '#000000', 'opacity="0.14"');
    });
  }
  const cracks: string[] = [];
  for (let i = 0; i < 90; i++) {
    const y = horizon + H * 0.22 + Math.pow(random.next(), 0.8) * H * 0.36;
    const x = random.next() * W;
    cracks.push(`M${x.toFixed(1)},${y.toFixed(1)}l${random.range(-40, 40).toFixed(1)},${random.range(-3, 3).toFixed(1)}`);
  }
  svg.path(cracks.join(''), 'none', `stroke="${litColor('#7d5c3b', light, 1)}" stroke-width="1.5" opacity="0.4"`);
  const shrubs: string[] = [];
  for (let i = 0; i < 40; i++) {
    const d = random.next();
    const r = 2 + d * 16;
    const x = random.next() * W;
    const y = horizon + H * 0.22 + d * H * 0.38;
    shrubs.push(`M${(x - r).toFixed(1)},${y.toFixed(1)}a${r.toFixed(1)},${(r * 0.6).toFixed(1)} 0 1,1 ${(2 * r).toFixed(1)},0z`);
  }
  svg.path(shrubs.join(''), litColor(mix('#6b6a3a', '#4a4a2a', 0.5), light, 1));
}
