import { darken, lighten, mix, type Light } from './color.js';
import type { Svg } from './svg.js';

export type Vehicle = 'capuchina' | 'camper';

/**
 * A motorhome in side view, 100 units long, standing on `groundY` with its front at `x`
 * (facing left unless `facingRight`). Lit by day, a warm-windowed silhouette after dark.
 */
export function drawVehicleSide(
  svg: Svg,
  light: Light,
  options: {
    kind: Vehicle;
    x: number;
    groundY: number;
    length: number;
    facingRight?: boolean;
    stripe: string;
  },
): void {
  const s = options.length / 100;
  const dark = light.silhouette > 0.6;
  const body = dark ? mix('#1b1d26', light.sky[1]!, 0.2) : mix('#f3f0ea', light.tint, 0.15);
  const glass = dark ? '#ffc874' : mix('#243240', light.sky[1]!, 0.25);
  const flip = options.facingRight
    ? `translate(${options.x + options.length} 0) scale(-1 1) translate(${-options.x} 0)`
    : '';
  svg.ellipse(
    options.x + options.length / 2,
    options.groundY,
    options.length * 0.56,
    options.length * 0.035,
    '#000000',
    'opacity="0.35"',
  );
  svg.group(`transform="${flip} translate(${options.x} ${options.groundY - 42 * s}) scale(${s})"`, () => {
    if (options.kind === 'capuchina') {
      svg.path(
        'M2,35 L0,31 L0,26 Q1,23.5 8,22 L14,13.5 L12.5,12.5 Q9.5,11.5 10,7 Q11,2 17,2 L97,2 Q100,2 100,5 L100,33 Q100,35 98,35 Z',
        body,
      );
      svg.rect(26, 0.6, 8, 1.8, body);
      if (!dark) {
        svg.path('M0,28 L100,28 L100,31 L0,31 Z', options.stripe);
        svg.path(
          'M10,7 Q11,3 16,3 L30,3 L30,4.5 L16,4.5 Q12,4.5 11.5,8 Z',
          lighten(options.stripe, 0.2),
          'opacity="0.8"',
        );
      }
      svg.path('M8.8,21.5 L14.6,13.6 L22,13.6 L22,22 Z', glass);
      svg.rect(33, 10, 14, 9, glass, 'rx="1.2"');
      svg.rect(62, 10, 13, 8, glass, 'rx="1.2"');
      svg.rect(86, 11, 7, 7, glass, 'rx="1"');
      svg.rect(50.5, 8, 7, 25, 'none', `stroke="${darken(body, 0.25)}" stroke-width="0.5" rx="1"`);
      svg.rect(51.5, 10, 5, 6, glass, 'rx="0.8"');
    } else {
      svg.path(
        'M3,35 Q0,35 0,32 L0,24 Q0.5,18 6,16 L14,6 Q16.5,3 22,3 L96,3 Q100,3 100,7 L100,32 Q100,35 97,35 Z',
        body,
      );
      svg.path('M24,1 L44,1 Q46,1 46,3 L22,3 Q22,1 24,1 Z', darken(body, 0.1));
      if (!dark) svg.path('M0,27 L100,27 L100,29.5 L0,29.5 Z', options.stripe);
      svg.path('M6.8,15.6 L14.6,6.5 Q16,5 19,5 L21,5 L21,16 Z', glass);
      svg.rect(26, 8, 20, 9, glass, 'rx="1.5"');
      svg.rect(72, 8, 16, 9, glass, 'rx="1.5"');
      svg.path(`M48,5 L48,33 M68,5 L68,33`, 'none', `stroke="${darken(body, 0.22)}" stroke-width="0.5"`);
    }
    if (dark) {
      // Light spilling from the windows onto the ground.
      svg.ellipse(60, 42, 36, 3.5, '#ffb85c', 'opacity="0.25"');
    }
    for (const wheelX of [18, 80]) {
      svg.circle(wheelX, 35, 6.3, darken(body, dark ? 0.6 : 0.78));
      svg.circle(wheelX, 35, 5.4, '#15161a');
      svg.circle(wheelX, 35, 2.6, dark ? '#2a2c33' : '#9aa0a8');
    }
  });
}

/** A motorhome seen from behind on the road, `width` px wide, with its wheels on `groundY`. */
export function drawVehicleRear(
  svg: Svg,
  light: Light,
  x: number,
  groundY: number,
  width: number,
  stripe: string,
): void {
  const s = width / 40;
  const dark = light.silhouette > 0.6;
  const body = dark ? mix('#1e2029', light.sky[1]!, 0.2) : mix('#ece8e1', light.tint, 0.15);
  svg.ellipse(x, groundY, width * 0.62, width * 0.06, '#000000', 'opacity="0.45"');
  svg.group(`transform="translate(${x - width / 2} ${groundY - 50 * s}) scale(${s})"`, () => {
    svg.rect(5, 45, 7, 5, '#111216', 'rx="1"');
    svg.rect(28, 45, 7, 5, '#111216', 'rx="1"');
    svg.path('M1,8 Q1,1 8,1 L32,1 Q39,1 39,8 L39,44 Q39,46 37,46 L3,46 Q1,46 1,44 Z', body);
    svg.rect(1, 38, 38, 8, darken(body, 0.35), 'rx="1.5"');
    if (!dark) svg.rect(1, 30, 38, 2.5, stripe);
    svg.rect(9, 6, 22, 11, dark ? '#2b2520' : mix('#2a3642', light.sky[1]!, 0.3), 'rx="2"');
    for (const lampX of [2.5, 34.5]) {
      svg.rect(lampX, 26, 3, 10, '#c4161c', 'rx="1"');
      if (dark)
        svg.circle(
          lampX + 1.5,
          31,
          9,
          svg.radial([
            [0, '#ff4a3a', 0.55],
            [1, '#ff2a1a', 0],
          ]),
        );
    }
    svg.rect(15, 40, 10, 3, '#f1f1e6', 'rx="0.5"');
  });
}
