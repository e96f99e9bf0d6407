import type { Random } from '../random.js';
import { lighten, mix, type Light } from './color.js';
import { ellipsePath, type Svg } from './svg.js';

/** Sky, sun or moon, stars and clouds above a horizon at `horizon` px. */
export function drawSky(
  svg: Svg,
  random: Random,
  light: Light,
  horizon: number,
  sunX: number,
): { sunY: number } {
  const { width, height } = svg;
  const stops = light.sky.map((color, i): [number, string] => [
    (i / (light.sky.length - 1)) * (horizon / height),
    color,
  ]);
  stops.push([1, light.sky[light.sky.length - 1]!]);
  svg.rect(0, 0, width, height, svg.linear(stops));

  if (light.stars) drawStars(svg, random, horizon, light.sunHeight < -0.2);

  const sunY = horizon - light.sunHeight * horizon;
  if (light.sunHeight > -0.2) {
    // The glow is drawn even when the disc has set: the sky keeps the colour where the sun went down.
    const glowR = width * (light.sunHeight < 0.3 ? 0.75 : 0.45);
    svg.circle(
      sunX,
      sunY,
      glowR,
      svg.radial([
        [0, light.sun, 0.7],
        [0.25, light.sun, 0.25],
        [1, light.sun, 0],
      ]),
    );
    if (light.sunHeight > 0) {
      const r = width * (light.sunHeight < 0.3 ? 0.045 : 0.03);
      svg.circle(
        sunX,
        sunY,
        r * 2.2,
        svg.radial([
          [0, '#ffffff', 0.9],
          [0.45, light.sun, 0.5],
          [1, light.sun, 0],
        ]),
      );
      svg.circle(sunX, sunY, r, lighten(light.sun, 0.6));
    }
  } else {
    drawMoon(svg, random, width * random.range(0.15, 0.85), horizon * random.range(0.15, 0.4), width * 0.022);
  }
  return { sunY };
}

/** Stars bucketed by brightness, one path per bucket: hundreds of dots as a few elements. */
class StarField {
  private readonly buckets: string[][] = [[], [], [], [], []];

  add(x: number, y: number, r: number, opacity: number): void {
    this.buckets[Math.min(4, Math.floor(opacity * 5))]!.push(ellipsePath(x, y, r, r));
  }

  draw(svg: Svg): void {
    this.buckets.forEach((dots, i) => {
      if (dots.length > 0) svg.path(dots.join(''), '#ffffff', `opacity="${((i + 0.5) / 5).toFixed(2)}"`);
    });
  }
}

function drawStars(svg: Svg, random: Random, horizon: number, milkyWay: boolean): void {
  const { width } = svg;
  if (milkyWay) {
    const angle = random.range(-60, -25);
    const cx = width * random.range(0.35, 0.65);
    const cy = horizon * 0.5;
    svg.group(
      `transform="rotate(${angle} ${cx} ${cy})" filter="${svg.blur(width * 0.02)}" opacity="0.55"`,
      () => {
        svg.ellipse(cx, cy, width * 0.9, horizon * 0.11, '#8a93c4', 'opacity="0.35"');
        svg.ellipse(cx, cy, width * 0.7, horizon * 0.05, '#d7d3e8', 'opacity="0.35"');
        for (let i = 0; i < 14; i++) {
          svg.ellipse(
            cx + random.range(-0.7, 0.7) * width,
            cy + random.range(-0.04, 0.04) * horizon,
            width * 0.05,
            horizon * 0.02,
            '#141a33',
            'opacity="0.6"',
          );
        }
      },
    );
    // The dense band of faint stars along the Milky Way.
    const band = new StarField();
    for (let i = 0; i < 700; i++) {
      const x = cx + random.range(-0.9, 0.9) * width;
      const y = cy + (random.next() + random.next() + random.next() - 1.5) * horizon * 0.12;
      band.add(x, y, random.range(0.4, 1.1), random.range(0.2, 0.7));
    }
    svg.group(`transform="rotate(${angle} ${cx} ${cy})"`, () => band.draw(svg));
  }
  const stars = new StarField();
  const count = milkyWay ? 650 : 260;
  for (let i = 0; i < count; i++) {
    const y = Math.pow(random.next(), 1.3) * horizon;
    const fade = milkyWay ? 1 : 1 - y / horizon;
    const r = random.chance(0.03) ? random.range(1.4, 2.2) : random.range(0.5, 1.3);
    stars.add(random.next() * width, y, r, random.range(0.35, 1) * fade);
  }
  stars.draw(svg);
  for (let i = 0; i < 6; i++) {
    const x = random.next() * width;
    const y = random.next() * horizon * 0.7;
    svg.circle(
      x,
      y,
      9,
      svg.radial([
        [0, '#ffffff', 0.55],
        [1, '#cfd8ff', 0],
      ]),
    );
  }
}

function drawMoon(svg: Svg, random: Random, x: number, y: number, r: number): void {
  svg.circle(
    x,
    y,
    r * 9,
    svg.radial([
      [0, '#c9d4ff', 0.28],
      [0.3, '#9aa8d8', 0.08],
      [1, '#9aa8d8', 0],
    ]),
  );
  svg.circle(x, y, r, '#f3f1e6');
  for (let i = 0; i < 5; i++) {
    svg.circle(
      x + random.range(-0.5, 0.5) * r,
      y + random.range(-0.5, 0.5) * r,
      r * random.range(0.12, 0.3),
      '#d9d6c8',
      'opacity="0.7"',
    );
  }
}

/**
 * Soft cumulus or streaks of cirrus, lit from below or above depending on the light. All clouds share
 * one blur: each filter costs a pass over the whole canvas, whatever the shape's size.
 */
export function drawClouds(
  svg: Svg,
  random: Random,
  light: Light,
  horizon: number,
  options: { count: number; streaks?: boolean },
): void {
  const { width } = svg;
  const lowSun = light.sunHeight < 0.3;
  const skyNear = light.sky[3]!;
  const blur = svg.blur(width * (options.streaks ? 0.01 : 0.005), 0.1);
  svg.group(`filter="${blur}"`, () => {
    for (let c = 0; c < options.count; c++) {
      const cx = random.range(-0.1, 1.1) * width;
      const cy = horizon * random.range(0.12, 0.78);
      const depth = cy / horizon; // lower clouds are farther: smaller and fainter
      const scale = width * random.range(0.05, 0.11) * (1.25 - depth * 0.7);
      if (options.streaks) {
        const color = mix(light.clouds.lit, skyNear, 0.25 + depth * 0.4);
        for (let i = 0; i < 4; i++) {
          svg.ellipse(
            cx + random.range(-2, 2) * scale,
            cy + random.range(-0.15, 0.15) * scale,
            scale * random.range(1.5, 3.2),
            scale * random.range(0.06, 0.14),
            color,
          );
        }
        continue;
      }
      const shade = mix(mix(light.clouds.shade, light.clouds.lit, 0.35), skyNear, 0.05 + depth * 0.4);
      const lit = mix(light.clouds.lit, skyNear, 0.05 + depth * 0.35);
      const base = cy + scale * 0.3;
      const flatBottom = svg.clip(
        `<rect x="${cx - scale * 3}" y="${base - scale * 3}" width="${scale * 6}" height="${scale * 3}"/>`,
      );
      svg.group(`clip-path="${flatBottom}"`, () => {
        const puffs = random.int(8, 14);
        const spots: Array<[number, number, number]> = [];
        for (let i = 0; i < puffs; i++) {
          const px = cx + random.range(-1.7, 1.7) * scale;
          const pr = scale * random.range(0.25, 0.55) * (1 - Math.abs(px - cx) / (scale * 2.6));
          spots.push([px, base - pr * random.range(0.3, 0.9), pr]);
        }
        for (const [px, py, pr] of spots) svg.circle(px, py, pr, shade);
        // Lit from above by a high sun, along the lower rim by a low one.
        const shift = lowSun ? 0.18 : -0.22;
        for (const [px, py, pr] of spots) svg.circle(px - pr * 0.08, py + pr * shift, pr * 0.86, lit);
      });
    }
  });
}

/** Darker corners, as a lens gives them. */
export function drawVignette(svg: Svg): void {
  svg.rect(
    0,
    0,
    svg.width,
    svg.height,
    svg.radial(
      [
        [0.55, '#000000', 0],
        [1, '#000000', 0.42],
      ],
      0.5,
      0.5,
      0.75,
    ),
  );
}
