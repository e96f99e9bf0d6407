/** Colour arithmetic and the light of each time of day, for the procedural demo photos. */

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  const channel = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** `a` moved towards `b` by `t` (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const darken = (color: string, t: number) => mix(color, '#000000', t);
export const lighten = (color: string, t: number) => mix(color, '#ffffff', t);

export type TimeOfDay = 'dawn' | 'morning' | 'noon' | 'golden' | 'sunset' | 'dusk' | 'night';

export interface Light {
  /** Sky gradient stops from the top of the frame down to the horizon. */
  sky: string[];
  /** Colour of the air near the horizon: distant layers fade into it. */
  haze: string;
  /** What lit surfaces lean towards. */
  tint: string;
  /** How much shadowed, near things darken towards silhouettes (0 = full colour, 1 = black). */
  silhouette: number;
  sun: string;
  /** Sun height above the horizon as a fraction of the sky; negative = below the horizon. */
  sunHeight: number;
  clouds: { lit: string; shade: string };
  stars: boolean;
  waterDeep: string;
}

export const LIGHTS: Record<TimeOfDay, Light> = {
  dawn: {
    sky: ['#27335f', '#5d5487', '#c47a95', '#f3a98a', '#fbd3a4'],
    haze: '#e7b3a6',
    tint: '#f0a58a',
    silhouette: 0.45,
    sun: '#ffe2b0',
    sunHeight: 0.06,
    clouds: { lit: '#ffc7a8', shade: '#7b5f86' },
    stars: false,
    waterDeep: '#3b4470',
  },
  morning: {
    sky: ['#3f7ec4', '#6ea3d6', '#a3c6e4', '#d3e3ee', '#eef0ea'],
    haze: '#c9d9e6',
    tint: '#fff2d8',
    silhouette: 0.12,
    sun: '#fffbe9',
    sunHeight: 0.55,
    clouds: { lit: '#ffffff', shade: '#b4c3d6' },
    stars: false,
    waterDeep: '#1f5d8a',
  },
  noon: {
    sky: ['#2a67b8', '#4a8ad0', '#7eb1e2', '#b7d5ef', '#dfeaf2'],
    haze: '#bcd3e8',
    tint: '#ffffff',
    silhouette: 0.1,
    sun: '#ffffff',
    sunHeight: 0.95,
    clouds: { lit: '#ffffff', shade: '#aebfd4' },
    stars: false,
    waterDeep: '#165a8f',
  },
  golden: {
    sky: ['#3d6696', '#7d9fbf', '#c9c6b8', '#f1d39c', '#fbe2ad'],
    haze: '#e9cfa3',
    tint: '#ffcf8a',
    silhouette: 0.22,
    sun: '#fff1c4',
    sunHeight: 0.2,
    clouds: { lit: '#ffe0b0', shade: '#8f8fa6' },
    stars: false,
    waterDeep: '#2b4f73',
  },
  sunset: {
    sky: ['#1c2350', '#51336c', '#b34a67', '#ee7a45', '#ffc35c'],
    haze: '#e08a5f',
    tint: '#ff9a5a',
    silhouette: 0.62,
    sun: '#fff0b5',
    sunHeight: 0.03,
    clouds: { lit: '#ff9d6b', shade: '#5b3461' },
    stars: false,
    waterDeep: '#2d2448',
  },
  dusk: {
    sky: ['#0c1433', '#24306a', '#51508c', '#a56a8c', '#e39a7d'],
    haze: '#6e6690',
    tint: '#9a8ab8',
    silhouette: 0.72,
    sun: '#ffd3a0',
    sunHeight: -0.05,
    clouds: { lit: '#d3849a', shade: '#2c2d55' },
    stars: true,
    waterDeep: '#151c3c',
  },
  night: {
    sky: ['#03050c', '#070d1f', '#0d1833', '#182a4d', '#26395e'],
    haze: '#223556',
    tint: '#8ea6d4',
    silhouette: 0.85,
    sun: '#f4f1e2',
    sunHeight: -0.5,
    clouds: { lit: '#3c4a6b', shade: '#0b1122' },
    stars: true,
    waterDeep: '#060b18',
  },
};

/** A surface colour as seen under a light, `depth` from 0 (far, into the haze) to 1 (near). */
export function litColor(base: string, light: Light, depth: number): string {
  const tinted = mix(base, light.tint, 0.18);
  const shaded = darken(tinted, light.silhouette * (0.35 + 0.65 * depth));
  return mix(shaded, light.haze, Math.pow(1 - depth, 1.6) * 0.85);
}
