import { litColor, mix } from './color.js';
import { drawForestBand, drawGrassForeground } from './flora.js';
import { sunSide, type SceneContext } from './scene.js';
import { drawClouds, drawSky } from './sky.js';
import { polygon, areaUnder, type Point } from './svg.js';
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

/** Layered peaks with a meadow in front; optionally a motorhome parked at a viewpoint. */
export function mountainScene(
  { svg, random, light }: SceneContext,
  style: MountainStyle,
  vehicle?: Vehicle,
): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.5, 0.6);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, {
    count: random.int(3, 7),
    streaks: light.sunHeight < 0.1,
  });
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
  const meadow = ridge(random.fork('meadow'), W, {
    base: H * 0.9,
    amplitude: H * 0.06,
    roughness: 0.3,
    summits: 2,
  }).filter((_, i) => i % 16 === 0);
  svg.path(
    areaUnder(meadow, H, true),
    svg.linear([
      [0, litColor('#6f9a3e', light, 0.9)],
      [1, litColor('#3d6a2a', light, 1)],
    ]),
  );
  if (vehicle) {
    const length = W * random.range(0.22, 0.3);
    const x = random.chance(0.5) ? W * 0.08 : W * 0.92 - length;
    drawVehicleSide(svg, light, {
      kind: vehicle,
      x,
      groundY: H * 0.9,
      length,
      facingRight: x < W / 2,
      stripe: random.pick(['#c2542d', '#1f6f78', '#7a2f3a', '#3b5b8c']),
    });
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
    drawClouds(svg, random.fork('clouds'), light, shore - H * 0.12, {
      count: random.int(2, 6),
      streaks: light.sunHeight < 0.1,
    });
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
    drawForestBand(svg, random.fork('shore'), {
      y: () => shore,
      height: H * 0.05,
      density: 1.6,
      color: litColor('#1f3d26', light, 0.8),
    });
  });
  svg.add(landscape);
  drawLakeReflection(svg, random.fork('ripples'), light, shore, landscape);
  const rocks: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = random.range(0, W);
    const y = H * random.range(0.9, 1.02);
    const r = W * random.range(0.02, 0.06);
    rocks.push(
      polygon([
        [x - r, y + r * 0.3],
        [x - r * 0.7, y - r * 0.5],
        [x, y - r * 0.7],
        [x + r * 0.8, y - r * 0.3],
        [x + r, y + r * 0.3],
      ]),
    );
  }
  svg.path(rocks.join(''), litColor('#6f6a62', light, 1));
}

/** A straight road to the mountains with a motorhome driving away. */
export function roadScene({ svg, random, light }: SceneContext, style: MountainStyle, ground: string): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.5, 0.56);
  const sunX = sunSide(random, W);
  const vanish = W * random.range(0.42, 0.58);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, {
    count: random.int(3, 7),
    streaks: light.sunHeight < 0.1,
  });
  drawRange(svg, random.fork('range'), light, {
    layers: 3,
    farBase: horizon - H * 0.02,
    nearBase: horizon + H * 0.01,
    amplitude: H * 0.26,
    roughness: style.roughness,
    rock: style.rock,
    vegetation: style.vegetation,
    snow: style.snow,
    sunX,
    bottom: horizon + H * 0.03,
  });
  svg.rect(
    0,
    horizon + H * 0.02,
    W,
    H,
    svg.linear([
      [0, litColor(ground, light, 0.6)],
      [1, litColor(ground, light, 1)],
    ]),
  );
  const top = horizon + H * 0.02;
  const road = (d: number, side: number): Point => [vanish + side * (3 + d * W * 0.55), top + d * (H - top)];
  svg.path(
    polygon([road(0, -1), road(0, 1), road(1.05, 1), road(1.05, -1)]),
    svg.linear([
      [0, litColor('#6b6b6b', light, 0.5)],
      [1, litColor('#3a3b3d', light, 1)],
    ]),
  );
  const marks: string[] = [];
  for (const side of [-0.93, 0.93]) {
    const [x0, y0] = road(0, side);
    const [x1, y1] = road(1.05, side);
    marks.push(`M${x0.toFixed(1)},${y0.toFixed(1)}L${x1.toFixed(1)},${y1.toFixed(1)}`);
  }
  svg.path(
    marks.join(''),
    'none',
    `stroke="${litColor('#f4f4ee', light, 0.8)}" stroke-width="${(W * 0.004).toFixed(1)}"`,
  );
  const dashes: string[] = [];
  for (let d = 0.02; d < 1.05; d *= 1.32) {
    const [x0, y0] = road(d, 0);
    const [, y1] = road(d * 1.14, 0);
    const w = 0.5 + d * W * 0.008;
    dashes.push(
      polygon([
        [x0 - w, y0],
        [x0 + w, y0],
        [x0 + w * 1.14, y1],
        [x0 - w * 1.14, y1],
      ]),
    );
  }
  svg.path(dashes.join(''), litColor('#f2f0e6', light, 0.8));
  const posts: string[] = [];
  for (let d = 0.03; d < 1.05; d *= 1.3) {
    const [x, y] = road(d, 1.18);
    const h = 4 + d * H * 0.09;
    posts.push(`M${x.toFixed(1)},${y.toFixed(1)}v${(-h).toFixed(1)}`);
  }
  svg.path(
    posts.join(''),
    'none',
    `stroke="${litColor('#f4f4ee', light, 0.7)}" stroke-width="${(W * 0.004).toFixed(1)}"`,
  );
  const [carX, carY] = road(0.42, -0.4);
  drawVehicleRear(svg, light, carX, carY, W * 0.12, random.pick(['#c2542d', '#1f6f78', '#3b5b8c']));
}

/** After dark: a motorhome with warm windows under the Milky Way. */
export function nightCampScene({ svg, random, light }: SceneContext, vehicle: Vehicle): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.62, 0.7);
  drawSky(svg, random, light, horizon, W / 2);
  drawHills(svg, random.fork('hills'), light, {
    layers: 2,
    farBase: horizon - H * 0.02,
    nearBase: horizon + H * 0.06,
    amplitude: H * 0.12,
    colors: ['#1b2438', '#0d1320'],
    bottom: H,
  });
  const length = W * random.range(0.3, 0.38);
  const x = W * random.range(0.1, 0.9) - length / 2;
  drawVehicleSide(svg, light, {
    kind: vehicle,
    x,
    groundY: H * 0.9,
    length,
    facingRight: random.chance(0.5),
    stripe: '#000000',
  });
  svg.rect(0, H * 0.9, W, H * 0.1, '#07090f');
  drawGrassForeground(svg, random.fork('grass'), '#05070b', H * 0.05);
}
