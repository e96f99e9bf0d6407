import type { Random } from '../random.js';
import { darken, lighten, litColor, mix, type Light } from './color.js';
import { drawForestBand, drawGrassForeground } from './flora.js';
import type { SceneContext } from './scene.js';
import { drawClouds, drawSky } from './sky.js';
import { polygon, smoothLine, type Point, type Svg } from './svg.js';
import { drawSea } from './terrain.js';
import { drawVehicleSide, type Vehicle } from './vehicles.js';

export interface CoastStyle {
  rock: string;
  top: string;
  /** Warm, clear Mediterranean water instead of the Atlantic's deep blue. */
  turquoise: boolean;
  pines: boolean;
  lighthouse: boolean;
}

export const COASTS = {
  galicia: { rock: '#6e6a63', top: '#4e8a3a', turquoise: false, pines: false, lighthouse: true },
  asturias: { rock: '#7d776c', top: '#3f7f37', turquoise: false, pines: false, lighthouse: false },
  costaBrava: { rock: '#b08a62', top: '#3f5f2c', turquoise: true, pines: true, lighthouse: false },
  cabodegata: { rock: '#8c6a4c', top: '#9c8a5a', turquoise: true, pines: false, lighthouse: true },
} satisfies Record<string, CoastStyle>;

/**
 * A headland in profile: a rolling green (or scrubby) slope ending in a cliff, with a band of bare
 * rock along the water. `depth` 0 sits on the horizon, 1 fills the near side of the frame.
 * Returns a point on its top, where a lighthouse can stand.
 */
function drawHeadland(
  svg: Svg,
  random: Random,
  light: Light,
  style: CoastStyle,
  options: { fromLeft: boolean; horizon: number; depth: number },
): Point {
  const { width: W, height: H } = svg;
  const d = options.depth;
  const m = (x: number) => (options.fromLeft ? x : W - x);
  const waterY = options.horizon + 2 + Math.pow(d, 1.8) * (H - options.horizon) * 1.05;
  const edgeX = W * (0.14 + 0.3 * d) + random.range(-0.03, 0.03) * W;
  const height = H * (0.025 + 0.42 * Math.pow(d, 1.3));
  const cliff = height * random.range(0.45, 0.7);
  const phase = random.range(0, 6);
  const top: Point[] = [];
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    const x = -W * 0.02 + t * (edgeX + W * 0.02);
    // Highest inland, rolling, then rounding over into the cliff.
    const rise = height * (1 - 0.35 * t - 0.25 * Math.pow(t, 6)) + height * 0.06 * Math.sin(t * 9 + phase);
    top.push([m(x), waterY - rise + random.range(-1, 1) * H * 0.002]);
  }
  const brink = top[top.length - 1]!;
  const face: Point[] = [];
  for (let i = 1; i <= 8; i++) {
    const t = i / 8;
    face.push([
      m(edgeX + W * (0.006 + 0.04 * d) * Math.pow(t, 0.7) + random.range(-1, 1) * W * 0.004 * d),
      brink[1] + (waterY - brink[1]) * t,
    ]);
  }
  const land: Point[] = [...top, ...face, [m(-W * 0.02), waterY + 2]];
  const slope = litColor(style.top, light, 0.15 + 0.85 * d);
  svg.path(
    polygon(land),
    svg.linear([
      [0, lighten(slope, 0.05)],
      [1, darken(slope, 0.2)],
    ]),
  );
  // Bare rock along the water and down the cliff face, with horizontal strata.
  const rock = litColor(style.rock, light, 0.15 + 0.85 * d);
  const band = cliff * random.range(0.6, 0.95);
  const rockTop: Point[] = top
    .slice(-5)
    .map(([x, y], i): Point => [x, y + (4 - i) * band * 0.05 + H * 0.004]);
  const inland: Point[] = [];
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    inland.push([
      m(edgeX * (1 - t) - W * 0.02 * t),
      waterY - band * (0.8 + 0.4 * Math.sin(t * 7 + phase)) * (1 - 0.3 * t),
    ]);
  }
  const rockShape = polygon([...rockTop, ...face, [m(-W * 0.02), waterY + 2], ...inland.reverse()]);
  svg.path(
    rockShape,
    svg.linear([
      [0, lighten(rock, 0.06)],
      [1, darken(rock, 0.3)],
    ]),
  );
  const strata: string[] = [];
  for (let k = 1; k < 6; k++) {
    const y = waterY - band * (k / 6) * random.range(0.8, 1.2);
    strata.push(
      `M${m(-W * 0.02).toFixed(1)},${y.toFixed(1)}L${m(edgeX + W * 0.01 * d).toFixed(1)},${(y + random.range(-2, 2)).toFixed(1)}`,
    );
  }
  const clip = svg.clip(`<path d="${rockShape}"/>`);
  svg.group(`clip-path="${clip}"`, () => {
    svg.path(
      strata.join(''),
      'none',
      `stroke="${darken(rock, 0.3)}" stroke-width="${(0.6 + d * 2).toFixed(1)}" opacity="0.5"`,
    );
    // The cliff face is in shade when the sun is behind the headland.
    svg.path(polygon([...face, [brink[0], waterY]]), '#000000', 'opacity="0.18"');
  });
  if (style.pines) {
    drawForestBand(svg, random.fork('pines'), {
      y: (x) => {
        const local = options.fromLeft ? x : W - x;
        if (local < 0 || local > edgeX * 0.92) return H * 3;
        return top[Math.round(((local + W * 0.02) / (edgeX + W * 0.02)) * 24)]![1] + 2;
      },
      height: H * (0.008 + 0.05 * d),
      density: 0.8,
      color: darken(slope, 0.35),
    });
  }
  const foam: string[] = [];
  for (let i = 0; i < 8; i++) {
    const x = m(edgeX * random.range(0.2, 1.05));
    foam.push(
      `M${x.toFixed(1)},${(waterY + random.range(-1, 1)).toFixed(1)}h${(W * random.range(0.02, 0.06) * (options.fromLeft ? 1 : -1)).toFixed(1)}`,
    );
  }
  svg.path(
    foam.join(''),
    'none',
    `stroke="${lighten(light.haze, 0.7)}" stroke-width="${(1 + d * 5).toFixed(1)}" stroke-linecap="round" opacity="0.6"`,
  );
  return top[10]!;
}

function drawLighthouse(svg: Svg, light: Light, x: number, baseY: number, height: number): void {
  const w = height * 0.18;
  svg.path(
    polygon([
      [x - w / 2, baseY],
      [x - w * 0.35, baseY - height],
      [x + w * 0.35, baseY - height],
      [x + w / 2, baseY],
    ]),
    litColor('#f4f1ea', light, 0.7),
  );
  svg.rect(x - w * 0.45, baseY - height * 0.55, w * 0.9, height * 0.12, litColor('#b5312b', light, 0.7));
  svg.rect(
    x - w * 0.3,
    baseY - height * 1.15,
    w * 0.6,
    height * 0.15,
    light.silhouette > 0.5 ? '#ffe7a0' : '#39424a',
  );
  svg.path(
    polygon([
      [x - w * 0.4, baseY - height * 1.15],
      [x, baseY - height * 1.3],
      [x + w * 0.4, baseY - height * 1.15],
    ]),
    litColor('#b5312b', light, 0.7),
  );
  if (light.silhouette > 0.5)
    svg.circle(
      x,
      baseY - height * 1.08,
      height * 0.6,
      svg.radial([
        [0, '#fff1b8', 0.6],
        [1, '#fff1b8', 0],
      ]),
    );
}

/** Cliffs along an open sea, receding headland after headland into the haze. */
export function coastScene({ svg, random, light }: SceneContext, style: CoastStyle, vehicle?: Vehicle): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.4, 0.5);
  const fromLeft = random.chance(0.5);
  const sunX = fromLeft ? W * random.range(0.6, 0.85) : W * random.range(0.15, 0.4);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, {
    count: random.int(3, 8),
    streaks: light.sunHeight < 0.1,
  });
  drawSea(svg, random.fork('sea'), light, horizon, sunX, style.turquoise);
  let lighthouseAt: Point | undefined;
  const headlands = random.int(3, 4);
  for (let i = 0; i < headlands; i++) {
    const depth = 0.08 + (0.92 * i) / (headlands - 1);
    const top = drawHeadland(svg, random.fork(i), light, style, { fromLeft, horizon, depth });
    if (i === headlands - 2) lighthouseAt = top;
  }
  if (style.lighthouse && lighthouseAt)
    drawLighthouse(svg, light, lighthouseAt[0], lighthouseAt[1] + 2, H * 0.05);
  for (let i = 0; i < 3; i++) {
    const x = fromLeft ? W * random.range(0.6, 0.95) : W * random.range(0.05, 0.4);
    const t = random.range(0.25, 0.7);
    const y = horizon + (H - horizon) * t;
    const r = W * 0.035 * t;
    const rockColor = darken(litColor(style.rock, light, 0.8), 0.15);
    svg.path(
      polygon([
        [x - r * 1.2, y],
        [x - r, y - r * 0.7],
        [x - r * 0.6, y - r * 0.9],
        [x - r * 0.2, y - r * 1.5],
        [x + r * 0.3, y - r * 1.4],
        [x + r * 0.7, y - r * 0.6],
        [x + r * 1.3, y],
      ]),
      svg.linear([
        [0, lighten(rockColor, 0.1)],
        [1, darken(rockColor, 0.35)],
      ]),
    );
    svg.ellipse(x, y, r * 1.3, r * 0.18, lighten(light.haze, 0.7), 'opacity="0.6"');
  }
  if (vehicle) {
    // A clifftop car park in the foreground.
    const ledge = H * 0.86;
    svg.path(
      `M0,${ledge}Q${W / 2},${ledge - H * 0.03} ${W},${ledge + H * 0.01}L${W},${H}L0,${H}Z`,
      svg.linear([
        [0, litColor(style.top, light, 0.95)],
        [1, litColor(style.top, light, 1)],
      ]),
    );
    const length = W * 0.3;
    drawVehicleSide(svg, light, {
      kind: vehicle,
      x: fromLeft ? W * 0.55 : W * 0.15,
      groundY: H * 0.92,
      length,
      facingRight: !fromLeft,
      stripe: '#1f6f78',
    });
  }
  drawGrassForeground(
    svg,
    random.fork('grass'),
    litColor(mix(style.top, '#2a3a1a', 0.5), light, 1),
    H * 0.05,
  );
}

/** A cove: sea, surf lines on wet sand, dunes or volcanic hills on one side. */
export function beachScene({ svg, random, light }: SceneContext, style: CoastStyle): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.42, 0.5);
  const sunX = W * random.range(0.25, 0.75);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, {
    count: random.int(2, 6),
    streaks: light.sunHeight < 0.1,
  });
  drawSea(svg, random.fork('sea'), light, horizon, sunX, style.turquoise);
  const fromLeft = random.chance(0.5);
  const hill: Point[] = [];
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    const x = fromLeft ? t * W * 0.45 : W - t * W * 0.45;
    hill.push([x, horizon - H * 0.16 * Math.pow(1 - t, 0.7) * (1 + 0.15 * Math.sin(t * 17)) + t * H * 0.02]);
  }
  svg.path(polygon([...hill, [fromLeft ? 0 : W, horizon + H * 0.04]]), litColor(style.rock, light, 0.5));
  const shore = (t: number) => H * 0.7 + Math.sin(t * Math.PI * 1.3 + random.range(0, 1)) * H * 0.04;
  const sandLine: Point[] = Array.from({ length: 21 }, (_, i): Point => [(i / 20) * W, shore(i / 20)]);
  const wet = litColor('#b59a74', light, 0.85);
  const dry = litColor('#e6d2a8', light, 1);
  svg.path(
    `${smoothLine(sandLine)}L${W},${H}L0,${H}Z`,
    svg.linear([
      [0, mix(wet, light.sky[3]!, 0.3)],
      [0.25, wet],
      [0.4, dry],
      [1, darken(dry, 0.08)],
    ]),
  );
  for (let k = 0; k < 3; k++) {
    const offset = -H * (0.015 + k * 0.03);
    const foam = sandLine.map(([x, y]): Point => [x, y + offset + random.range(-3, 3)]);
    svg.path(
      smoothLine(foam),
      'none',
      `stroke="${lighten(light.haze, 0.7)}" stroke-width="${(4 - k).toFixed(1)}" opacity="${(0.85 - k * 0.2).toFixed(2)}"`,
    );
  }
  const footprints: string[] = [];
  for (let i = 0; i < 24; i++) {
    const t = i / 24;
    const x = W * (0.3 + t * 0.35) + (i % 2 ? 8 : -8);
    const y = H * 0.78 + t * H * 0.2;
    footprints.push(`M${x.toFixed(1)},${y.toFixed(1)}m-4,0a4,7 0 1,0 8,0a4,7 0 1,0 -8,0`);
  }
  svg.path(footprints.join(''), darken(dry, 0.18), 'opacity="0.5"');
  drawGrassForeground(svg, random.fork('grass'), litColor('#7d8a4a', light, 1), H * 0.04);
}
