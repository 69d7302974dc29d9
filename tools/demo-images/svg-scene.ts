/**
 * The demo pictures are flat SVG drawings made of four shape kinds. Keeping
 * to that small vocabulary lets us read a file back and sample its colours
 * exactly (no browser, no rasteriser), so an image row's colorData can be
 * checked against the file it points at.
 */
import type { ColorData } from '../../api/seed/demo-types.ts';

export type Point = readonly [number, number];

interface Paint {
  /** '#rrggbb' */
  fill: string;
  /** fill-opacity, 0..1; 1 when absent. */
  opacity?: number;
}

export type Shape =
  | (Paint & { kind: 'rect'; x: number; y: number; width: number; height: number; rx?: number })
  | (Paint & { kind: 'circle'; cx: number; cy: number; r: number })
  | (Paint & { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number })
  | (Paint & { kind: 'polygon'; points: readonly Point[] });

export interface Scene {
  width: number;
  height: number;
  /** Becomes the SVG's <title>, for screen readers that open the file directly. */
  title: string;
  /** Painted in order; the first one should cover the whole canvas. */
  shapes: readonly Shape[];
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Whole pixels are plenty for a 1000px flat drawing and keep the files small. */
const num = (value: number): string => String(Math.round(value));

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function paintAttributes(shape: Shape): string {
  const opacity = shape.opacity ?? 1;
  const alpha = opacity >= 1 ? '' : ` fill-opacity="${Math.round(opacity * 100) / 100}"`;
  return ` fill="${shape.fill}"${alpha}`;
}

function shapeToSvg(shape: Shape): string {
  switch (shape.kind) {
    case 'rect': {
      const rx = shape.rx ? ` rx="${num(shape.rx)}"` : '';
      return `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.width)}" height="${num(shape.height)}"${rx}${paintAttributes(shape)}/>`;
    }
    case 'circle':
      return `<circle cx="${num(shape.cx)}" cy="${num(shape.cy)}" r="${num(shape.r)}"${paintAttributes(shape)}/>`;
    case 'ellipse':
      return `<ellipse cx="${num(shape.cx)}" cy="${num(shape.cy)}" rx="${num(shape.rx)}" ry="${num(shape.ry)}"${paintAttributes(shape)}/>`;
    case 'polygon':
      return `<polygon points="${shape.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}"${paintAttributes(shape)}/>`;
  }
}

export function sceneToSvg(scene: Scene): string {
  const { width, height } = scene;
  const lines = [
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(scene.title)}</title>`,
    ...scene.shapes.map(shapeToSvg),
    '</svg>',
  ];
  return `${lines.join('\n')}\n`;
}

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_][A-Za-z0-9_.:-]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;

function checkCharacterData(text: string, where: string): string {
  if (text.replace(ENTITY, '').includes('&')) throw new Error(`unescaped '&' in ${where}`);
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}

function parseAttributes(source: string, tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'y');
  let rest = source;
  while (rest.trim() !== '') {
    pattern.lastIndex = 0;
    const [whole, name, double, single] = pattern.exec(rest) ?? [];
    if (whole === undefined || name === undefined) {
      throw new Error(`malformed attributes in <${tag}>: ${rest.trim().slice(0, 40)}`);
    }
    if (name in attributes) throw new Error(`duplicate attribute ${name} in <${tag}>`);
    attributes[name] = checkCharacterData(double ?? single ?? '', `attribute ${name}`);
    rest = rest.slice(whole.length);
  }
  return attributes;
}

/**
 * A strict, small XML reader: one root element, balanced tags, quoted and
 * unique attributes, only the five named entities and character references.
 * It throws on anything it does not accept, which is what a well-formedness
 * check needs; DOCTYPEs and CDATA are refused rather than half-handled.
 */
export function parseXml(source: string): XmlElement {
  const token = new RegExp(
    `<\\?xml[^?]*\\?>|<!--[\\s\\S]*?-->|<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>|</(${NAME})\\s*>|<|[^<]+`,
    'g',
  );
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let position = 0;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    const [whole, openName, attributeSource, selfClosing, closeName] = match;
    const atStart = position === 0;
    position += whole.length;
    const parent = stack.at(-1);
    if (whole.startsWith('<?xml')) {
      if (!atStart) throw new Error('XML declaration not at the start');
    } else if (whole.startsWith('<!--')) {
      if (whole.slice(4, -3).includes('--')) throw new Error("'--' inside a comment");
    } else if (openName !== undefined) {
      if (!parent && root) throw new Error('more than one root element');
      const element: XmlElement = {
        name: openName,
        attributes: parseAttributes(attributeSource ?? '', openName),
        children: [],
        text: '',
      };
      if (parent) parent.children.push(element);
      else root = element;
      if (selfClosing !== '/') stack.push(element);
    } else if (closeName !== undefined) {
      const open = stack.pop();
      if (open?.name !== closeName) throw new Error(`</${closeName}> closes <${open?.name ?? 'nothing'}>`);
    } else if (whole === '<') {
      throw new Error(`stray '<' at ${position - 1}`);
    } else if (parent) {
      parent.text += checkCharacterData(whole, `<${parent.name}>`);
    } else if (whole.trim() !== '') {
      throw new Error('text outside the root element');
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.name}> is not closed`);
  if (!root) throw new Error('no root element');
  return root;
}

function numberAttribute(element: XmlElement, name: string, fallback?: number): number {
  const raw = element.attributes[name];
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw new Error(`<${element.name}> has no ${name}`);
  }
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value))
    throw new Error(`<${element.name}> ${name}="${raw}" is not a number`);
  return value;
}

function paintOf(element: XmlElement): Paint {
  const fill = element.attributes.fill;
  if (!fill || !/^#[0-9a-f]{6}$/i.test(fill)) throw new Error(`<${element.name}> needs fill="#rrggbb", has ${fill}`);
  const opacity = numberAttribute(element, 'fill-opacity', 1);
  return opacity >= 1 ? { fill } : { fill, opacity };
}

function shapeOf(element: XmlElement): Shape {
  const n = (name: string) => numberAttribute(element, name);
  switch (element.name) {
    case 'rect':
      return {
        kind: 'rect',
        x: n('x'),
        y: n('y'),
        width: n('width'),
        height: n('height'),
        rx: numberAttribute(element, 'rx', 0),
        ...paintOf(element),
      };
    case 'circle':
      return { kind: 'circle', cx: n('cx'), cy: n('cy'), r: n('r'), ...paintOf(element) };
    case 'ellipse':
      return { kind: 'ellipse', cx: n('cx'), cy: n('cy'), rx: n('rx'), ry: n('ry'), ...paintOf(element) };
    case 'polygon': {
      const values = (element.attributes.points ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (values.length < 6 || values.length % 2 !== 0 || values.some((v) => !Number.isFinite(v))) {
        throw new Error('<polygon> points are malformed');
      }
      const points: Point[] = [];
      // The length is even (checked above), so i + 1 is in range too.
      for (let i = 0; i < values.length; i += 2) points.push([values[i]!, values[i + 1]!]);
      return { kind: 'polygon', points, ...paintOf(element) };
    }
    default:
      throw new Error(`<${element.name}> is outside the drawing vocabulary`);
  }
}

/**
 * Reads an SVG written by `sceneToSvg` (or by hand in the same vocabulary).
 * Throws when it is not well-formed, when width/height/viewBox disagree, or
 * when it uses anything the colour sampler could not reproduce.
 */
export function sceneFromSvg(source: string): Scene {
  const root = parseXml(source);
  if (root.name !== 'svg') throw new Error(`root element is <${root.name}>, not <svg>`);
  if (root.attributes.xmlns !== SVG_NS) throw new Error('missing the SVG namespace');
  const width = numberAttribute(root, 'width');
  const height = numberAttribute(root, 'height');
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error('width and height must be positive integers');
  }
  if (root.attributes.viewBox !== `0 0 ${width} ${height}`) throw new Error('viewBox does not match width and height');
  let title = '';
  const shapes: Shape[] = [];
  for (const child of root.children) {
    if (child.name === 'title') title = child.text;
    else shapes.push(shapeOf(child));
  }
  return { width, height, title, shapes };
}

function insidePolygon(points: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  // j trails i (starting at the last point), so both stay in range.
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideShape(shape: Shape, x: number, y: number): boolean {
  switch (shape.kind) {
    case 'rect': {
      if (x < shape.x || x > shape.x + shape.width || y < shape.y || y > shape.y + shape.height) return false;
      const r = Math.min(shape.rx ?? 0, shape.width / 2, shape.height / 2);
      if (r <= 0) return true;
      const dx = Math.max(shape.x + r - x, 0, x - (shape.x + shape.width - r));
      const dy = Math.max(shape.y + r - y, 0, y - (shape.y + shape.height - r));
      return dx * dx + dy * dy <= r * r;
    }
    case 'circle':
      return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2;
    case 'ellipse':
      return ((x - shape.cx) / shape.rx) ** 2 + ((y - shape.cy) / shape.ry) ** 2 <= 1;
    case 'polygon':
      return insidePolygon(shape.points, x, y);
  }
}

const channels = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/** The painted colour at a point (transparent canvas reads as white, as in a browser). */
export function colorAt(scene: Scene, x: number, y: number): [number, number, number] {
  let color: [number, number, number] = [255, 255, 255];
  for (const shape of scene.shapes) {
    if (!insideShape(shape, x, y)) continue;
    const alpha = shape.opacity ?? 1;
    const paint = channels(shape.fill);
    const blend = (c: 0 | 1 | 2) => paint[c] * alpha + color[c] * (1 - alpha);
    color = [blend(0), blend(1), blend(2)];
  }
  return color;
}

const hex2 = (value: number): string => Math.round(value).toString(16).padStart(2, '0');

/** Average colour of a box, sampled on an even grid of points. */
function averageOf(scene: Scene, x0: number, y0: number, width: number, height: number, samples: number): string {
  const sum: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < samples; i++) {
    for (let j = 0; j < samples; j++) {
      const color = colorAt(scene, x0 + ((i + 0.5) * width) / samples, y0 + ((j + 0.5) * height) / samples);
      for (const c of [0, 1, 2] as const) sum[c] += color[c];
    }
  }
  return sum.map((total) => hex2(total / (samples * samples))).join('');
}

/**
 * colorData as the image records carry it: the picture is cut into a 3x3
 * grid and each corner cell and the centre cell is averaged.
 */
export function colorDataOf(scene: Scene, samples = 24): ColorData {
  const w = scene.width / 3;
  const h = scene.height / 3;
  const cell = (col: number, row: number) => averageOf(scene, col * w, row * h, w, h, samples);
  return {
    topLeftAverage: cell(0, 0),
    topRightAverage: cell(2, 0),
    bottomLeftAverage: cell(0, 2),
    bottomRightAverage: cell(2, 2),
    centerAverage: cell(1, 1),
  };
}
