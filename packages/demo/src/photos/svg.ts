/** A tiny SVG writer: defs with unique ids, a body, and the geometry helpers the scenes share. */
export type Point = [number, number];

const round = (value: number) => Math.round(value * 10) / 10;

export class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private counter = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private nextId(prefix: string): string {
    return `${prefix}${++this.counter}`;
  }

  /** A vertical (or angled) linear gradient; stops are [offset 0..1, colour, opacity?]. */
  linear(stops: Array<[number, string, number?]>, from: Point = [0, 0], to: Point = [0, 1]): string {
    const id = this.nextId('g');
    this.defs.push(
      `<linearGradient id="${id}" x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Array<[number, string, number?]>, cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.nextId('r');
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A Gaussian blur; `margin` is how far (as a fraction of the shape's box) the blur may spread. */
  blur(stdDeviation: number, margin = 0.5): string {
    const id = this.nextId('f');
    const pct = Math.round(margin * 100);
    this.defs.push(
      `<filter id="${id}" x="-${pct}%" y="-${pct}%" width="${100 + 2 * pct}%" height="${100 + 2 * pct}%"><feGaussianBlur stdDeviation="${stdDeviation}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = this.nextId('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  add(fragment: string): void {
    this.body.push(fragment);
  }

  /** What `draw` adds, returned as markup instead of added (to draw the same thing twice, e.g. mirrored). */
  capture(draw: () => void): string {
    const start = this.body.length;
    draw();
    return this.body.splice(start).join('');
  }

  /** Wraps what `draw` adds in a group with the given attributes. */
  group(attributes: string, draw: () => void): void {
    this.body.push(`<g ${attributes}>`);
    draw();
    this.body.push('</g>');
  }

  rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): void {
    this.add(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}" fill="${fill}" ${extra}/>`,
    );
  }

  circle(cx: number, cy: number, r: number, fill: string, extra = ''): void {
    this.add(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}" ${extra}/>`);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): void {
    this.add(
      `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${fill}" ${extra}/>`,
    );
  }

  path(d: string, fill: string, extra = ''): void {
    this.add(`<path d="${d}" fill="${fill}" ${extra}/>`);
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

function stopsXml(stops: Array<[number, string, number?]>): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity ?? 1}"/>`,
    )
    .join('');
}

/** An ellipse as path data, so many can share one element. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${round(cx - rx)},${round(cy)}a${round(rx)},${round(ry)} 0 1,0 ${round(2 * rx)},0a${round(rx)},${round(ry)} 0 1,0 ${round(-2 * rx)},0`;
}

/** A closed polygon path through the points. */
export function polygon(points: Point[]): string {
  return `M${points.map(([x, y]) => `${round(x)},${round(y)}`).join('L')}Z`;
}

/** A smooth open curve through the points (Catmull-Rom as cubic Béziers). */
export function smoothLine(points: Point[]): string {
  if (points.length < 2) return '';
  let d = `M${round(points[0]![0])},${round(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${round(c1[0])},${round(c1[1])} ${round(c2[0])},${round(c2[1])} ${round(p2[0])},${round(p2[1])}`;
  }
  return d;
}

/** The area under a ridge line down to `bottom`, as a path. */
export function areaUnder(points: Point[], bottom: number, smooth = false): string {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const line = smooth
    ? smoothLine(points)
    : `M${points.map(([x, y]) => `${round(x)},${round(y)}`).join('L')}`;
  return `${line}L${round(last[0])},${bottom}L${round(first[0])},${bottom}Z`;
}
