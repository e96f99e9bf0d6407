import type { Random } from '../random.js';
import { darken, lighten, litColor, mix, type Light } from './color.js';
import { areaUnder, polygon, type Point, type Svg } from './svg.js';

export interface RidgeOptions {
  /** Mean height of the line, in px from the top. */
  base: number;
  /** Peak-to-valley size in px. */
  amplitude: number;
  /** 0.35 = rolling hills … 0.6 = jagged limestone. */
  roughness: number;
  /** Number of large summits shaping the range. */
  summits: number;
}

/** A mountain skyline: pointed summits plus midpoint-displacement detail, 257 points across the frame. */
export function ridge(random: Random, width: number, options: RidgeOptions): Point[] {
  const size = 256;
  const detail = new Array<number>(size + 1).fill(0);
  detail[0] = random.range(-0.5, 0.5);
  detail[size] = random.range(-0.5, 0.5);
  for (let step = size, scale = 1; step > 1; step /= 2, scale *= options.roughness) {
    for (let i = step / 2; i < size; i += step) {
      detail[i] = (detail[i - step / 2]! + detail[i + step / 2]!) / 2 + random.range(-1, 1) * scale;
    }
  }
  const summits = Array.from({ length: options.summits }, () => ({
    at: random.range(-0.05, 1.05),
    height: random.range(0.45, 1),
    spread: random.range(0.07, 0.16),
  }));
  return detail.map((noise, i): Point => {
    const t = i / size;
    let shape = 0;
    // exp(-|d|) gives concave flanks and a sharp top, as eroded peaks have.
    for (const s of summits) shape = Math.max(shape, s.height * Math.exp(-Math.abs(t - s.at) / s.spread));
    const y = options.base - options.amplitude * (0.72 * shape + 0.2 * noise);
    return [t * width, y];
  });
}

export interface RangeOptions {
  layers: number;
  /** Where the nearest layer stands (px from the top) and how far up the farthest reaches. */
  nearBase: number;
  farBase: number;
  amplitude: number;
  roughness: number;
  rock: string;
  vegetation: string;
  /** Snow line as a fraction of the farthest layer's height (0 = none). */
  snow: number;
  sunX: number;
  /** Layers stop here; water or plains continue below. */
  bottom: number;
}

/** Layered mountain ranges with aerial perspective, valley haze, snow and light from the sun's side. */
export function drawRange(svg: Svg, random: Random, light: Light, options: RangeOptions): Point[][] {
  const ridges: Point[][] = [];
  for (let layer = 0; layer < options.layers; layer++) {
    const depth = options.layers === 1 ? 1 : layer / (options.layers - 1);
    const base = options.farBase + (options.nearBase - options.farBase) * depth;
    const amplitude = options.amplitude * (1 - depth * 0.55);
    const points = ridge(random.fork(layer), svg.width, {
      base,
      amplitude,
      roughness: options.roughness - depth * 0.12,
      summits: random.int(2, 4),
    });
    ridges.push(points);
    const surface = mix(options.rock, options.vegetation, Math.min(1, depth * 1.3));
    const color = litColor(surface, light, 0.25 + depth * 0.75);
    const fog = mix(color, light.haze, 0.55);
    svg.path(
      areaUnder(points, options.bottom),
      svg.linear(
        [
          [0, lighten(color, 0.04)],
          [0.55, color],
          [1, fog],
        ],
        [0, 0],
        [0, 1],
      ),
    );
    drawSideLight(svg, points, options.bottom, light, options.sunX, depth);
    if (options.snow > 0 && depth < 0.55)
      drawSnow(svg, random.fork(`snow${layer}`), points, light, options.snow, depth);
  }
  return ridges;
}

/** Shade on the slopes facing away from the sun: a horizontal gradient over the layer. */
function drawSideLight(
  svg: Svg,
  points: Point[],
  bottom: number,
  light: Light,
  sunX: number,
  depth: number,
): void {
  const shadeOnLeft = sunX > svg.width / 2;
  const dark = darken(light.sky[0]!, 0.3);
  const strength = 0.18 + 0.18 * depth;
  const gradient = shadeOnLeft
    ? svg.linear(
        [
          [0, dark, strength],
          [0.7, dark, 0],
        ],
        [0, 0],
        [1, 0],
      )
    : svg.linear(
        [
          [0.3, dark, 0],
          [1, dark, strength],
        ],
        [0, 0],
        [1, 0],
      );
  svg.path(areaUnder(points, bottom), gradient);
  // Each summit gets a shaded face on the side away from the sun, down to the next saddle.
  const coarse = points.filter((_, i) => i % 8 === 0);
  const faces: string[] = [];
  for (let i = 1; i < coarse.length - 1; i++) {
    const [px, py] = coarse[i]!;
    if (py > coarse[i - 1]![1] || py > coarse[i + 1]![1]) continue;
    const dir = shadeOnLeft ? -1 : 1;
    let j = i;
    while (j + dir > 0 && j + dir < coarse.length - 1 && coarse[j + dir]![1] >= coarse[j]![1]) j += dir;
    if (j === i) continue;
    const [vx, vy] = coarse[j]!;
    const drop = vy - py;
    const along = points.slice(Math.min(i, j) * 8, Math.max(i, j) * 8 + 1);
    const edge = dir > 0 ? along : along.reverse();
    faces.push(
      polygon([...edge, [vx - (vx - px) * 0.1, vy + drop * 0.5], [px + (vx - px) * 0.25, py + drop * 2.2]]),
    );
  }
  if (faces.length === 0) return;
  const layer = svg.clip(`<path d="${areaUnder(points, bottom)}"/>`);
  const fade = svg.linear([
    [0, dark, 0.3 + depth * 0.1],
    [1, dark, 0],
  ]);
  svg.group(`clip-path="${layer}"`, () => svg.path(faces.join(''), fade));
}

function drawSnow(
  svg: Svg,
  random: Random,
  points: Point[],
  light: Light,
  snow: number,
  depth: number,
): void {
  const top = Math.min(...points.map(([, y]) => y));
  const bottom = Math.max(...points.map(([, y]) => y));
  const relief = bottom - top;
  const line = top + relief * snow;
  const phases = [random.range(0, 6), random.range(0, 6), random.range(0, 6)];
  const couloirs = Array.from({ length: 9 }, () => ({
    at: random.int(0, 256),
    width: random.int(2, 5),
    length: random.range(0.08, 0.22),
  }));
  const lower: Point[] = points.map(([x, y], i) => {
    const t = i / 256;
    let edge =
      line +
      relief *
        0.06 *
        (Math.sin(t * 9 + phases[0]!) +
          0.6 * Math.sin(t * 23 + phases[1]!) +
          0.3 * Math.sin(t * 61 + phases[2]!));
    for (const c of couloirs) {
      const d = Math.abs(i - c.at);
      if (d < c.width) edge += relief * c.length * (1 - d / c.width);
    }
    return y > edge - 2 ? [x, y] : [x, edge];
  });
  const snowColor = mix(mix('#f5f7fb', light.tint, 0.25), light.haze, 0.3 + (1 - depth) * 0.2);
  svg.path(polygon([...points, ...lower.reverse()]), snowColor, 'opacity="0.9"');
}

/** Gentle hills (fields, dehesa, vineyards behind): smooth ridges, greener and nearer. */
export function drawHills(
  svg: Svg,
  random: Random,
  light: Light,
  options: {
    layers: number;
    farBase: number;
    nearBase: number;
    amplitude: number;
    colors: string[];
    bottom: number;
  },
): Point[][] {
  const ridges: Point[][] = [];
  for (let layer = 0; layer < options.layers; layer++) {
    const depth = options.layers === 1 ? 1 : layer / (options.layers - 1);
    const base = options.farBase + (options.nearBase - options.farBase) * depth;
    const points = ridge(random.fork(`hill${layer}`), svg.width, {
      base,
      amplitude: options.amplitude * (1 - depth * 0.4),
      roughness: 0.32,
      summits: random.int(2, 3),
    }).filter((_, i) => i % 8 === 0);
    ridges.push(points);
    const color = litColor(options.colors[layer % options.colors.length]!, light, 0.3 + depth * 0.7);
    svg.path(
      areaUnder(points, options.bottom, true),
      svg.linear([
        [0, lighten(color, 0.05)],
        [1, mix(color, light.haze, 0.3)],
      ]),
    );
  }
  return ridges;
}

/** A band of mist lying in the valleys between layers. */
export function drawMist(svg: Svg, light: Light, y: number, thickness: number, opacity: number): void {
  const haze = lighten(light.haze, 0.15);
  svg.rect(
    0,
    y - thickness,
    svg.width,
    thickness * 2,
    svg.linear([
      [0, haze, 0],
      [0.35, haze, opacity * 0.7],
      [0.6, haze, opacity],
      [1, haze, 0],
    ]),
  );
}

/** Still water from `top` to the bottom: the sky and the ridges mirrored, broken by ripples. */
export function drawLakeReflection(
  svg: Svg,
  random: Random,
  light: Light,
  top: number,
  mirrored: string,
): void {
  const { width, height } = svg;
  const clip = svg.clip(`<rect x="0" y="${top}" width="${width}" height="${height - top}"/>`);
  svg.group(`clip-path="${clip}"`, () => {
    svg.group(`transform="translate(0 ${2 * top}) scale(1 -1)" opacity="0.78"`, () => svg.add(mirrored));
    svg.rect(
      0,
      top,
      width,
      height - top,
      svg.linear([
        [0, light.waterDeep, 0.1],
        [1, light.waterDeep, 0.65],
      ]),
    );
    const ripples: string[] = [];
    for (let i = 0; i < 140; i++) {
      const y = top + Math.pow(random.next(), 1.6) * (height - top);
      const w = width * random.range(0.03, 0.18) * (0.4 + (y - top) / (height - top));
      const x = random.next() * width;
      ripples.push(`M${x.toFixed(1)},${y.toFixed(1)}h${w.toFixed(1)}`);
    }
    svg.path(
      ripples.join(''),
      'none',
      `stroke="${lighten(light.sky[3]!, 0.3)}" stroke-width="1.2" opacity="0.35"`,
    );
  });
  svg.rect(0, top - 1, width, 3, lighten(light.haze, 0.2), 'opacity="0.5"');
}

/** Open sea to the horizon with perspective waves and the sun's glitter path. */
export function drawSea(
  svg: Svg,
  random: Random,
  light: Light,
  horizon: number,
  sunX: number,
  turquoise: boolean,
): void {
  const { width, height } = svg;
  const near = turquoise && light.sunHeight > 0.15 ? '#1e8a9a' : light.waterDeep;
  const far = mix(light.sky[light.sky.length - 1]!, light.waterDeep, 0.45);
  svg.rect(
    0,
    horizon,
    width,
    height - horizon,
    svg.linear([
      [0, far],
      [0.35, mix(far, near, 0.7)],
      [1, darken(near, 0.15)],
    ]),
  );
  const waves: string[] = [];
  for (let i = 0; i < 260; i++) {
    const t = Math.pow(random.next(), 1.8);
    const y = horizon + t * (height - horizon);
    const w = width * (0.01 + t * 0.08) * random.range(0.5, 1.5);
    const x = random.next() * width;
    const curve = 1.5 + t * 6;
    waves.push(
      `M${x.toFixed(1)},${y.toFixed(1)}q${(w / 2).toFixed(1)},${(-curve).toFixed(1)} ${w.toFixed(1)},0`,
    );
  }
  svg.path(waves.join(''), 'none', `stroke="${lighten(far, 0.35)}" stroke-width="1.4" opacity="0.35"`);
  if (light.sunHeight > -0.05) {
    const glitter: string[] = [];
    const spread = light.sunHeight < 0.3 ? 0.06 : 0.12;
    for (let i = 0; i < 220; i++) {
      const t = Math.pow(random.next(), 1.4);
      const y = horizon + 2 + t * (height - horizon);
      const x = sunX + (random.next() + random.next() - 1) * width * spread * (0.3 + t * 1.5);
      const w = width * (0.004 + t * 0.03) * random.range(0.4, 1.4);
      glitter.push(`M${(x - w / 2).toFixed(1)},${y.toFixed(1)}h${w.toFixed(1)}`);
    }
    svg.path(
      glitter.join(''),
      'none',
      `stroke="${lighten(light.sun, 0.3)}" stroke-width="2" stroke-linecap="round" opacity="0.75"`,
    );
  }
}
