/**
 * Draws the demo site's pictures into api/seed/images/ and checks that the
 * image records in api/seed/demo-images.ts agree with them (size and colorData).
 *
 *   npx tsx tools/demo-images/draw-demo-images.ts          write the SVGs, report drift
 *   npx tsx tools/demo-images/draw-demo-images.ts --check  only report (exit 1 on drift)
 *
 * The drawings are code rather than hand-edited files so the palette stays
 * consistent and the colours in the records can be recomputed at any time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_IMAGES } from '../../api/seed/demo-images.ts';
import { colorDataOf, type Point, type Scene, type Shape, sceneFromSvg, sceneToSvg } from './svg-scene.ts';

const IMAGE_DIR = fileURLToPath(new URL('../../api/seed/images/', import.meta.url));

/** One warm palette for every picture, so the site reads as one brand. */
const C = {
  paper: '#fbf7f0',
  cream: '#f4ebdd',
  linen: '#ece4d6',
  sand: '#e8d8c0',
  oat: '#d9c3a5',
  kraft: '#c9a173',
  latte: '#b98c63',
  clay: '#d98e64',
  terracotta: '#c0643f',
  rust: '#a44a2a',
  mustard: '#d9a441',
  honey: '#e8c27a',
  coffee: '#6b4a38',
  espresso: '#3b2a22',
  walnut: '#7a5238',
  walnutDark: '#5c3d29',
  sage: '#9aae8c',
  sagePale: '#dfe3d5',
  moss: '#6e7f5a',
  forest: '#4d5e45',
  pine: '#3c4a37',
  slate: '#5f6b73',
  ash: '#8fa3b0',
  mist: '#c9d3d6',
  charcoal: '#2e2a27',
  plum: '#6d3b4a',
  rose: '#e3b7a0',
  white: '#ffffff',
} as const;

type Fill = string;

const rect = (x: number, y: number, width: number, height: number, fill: Fill, rx = 0, opacity?: number): Shape => ({
  kind: 'rect',
  x,
  y,
  width,
  height,
  rx,
  fill,
  opacity,
});
const circle = (cx: number, cy: number, r: number, fill: Fill, opacity?: number): Shape => ({
  kind: 'circle',
  cx,
  cy,
  r,
  fill,
  opacity,
});
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: Fill, opacity?: number): Shape => ({
  kind: 'ellipse',
  cx,
  cy,
  rx,
  ry,
  fill,
  opacity,
});
const poly = (points: readonly Point[], fill: Fill, opacity?: number): Shape => ({
  kind: 'polygon',
  points,
  fill,
  opacity,
});

/** Points from a flat list x0, y0, x1, y1, …: short to write and formatted compactly. */
function xy(flat: readonly number[]): Point[] {
  const points: Point[] = [];
  // The loop bound keeps both i and i + 1 in range.
  for (let i = 0; i + 1 < flat.length; i += 2) points.push([flat[i]!, flat[i + 1]!]);
  return points;
}

/** Points along an ellipse; angles in degrees, 0 = right, 90 = down (SVG's y axis). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, steps: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    points.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return points;
}

function rotate(points: readonly Point[], cx: number, cy: number, degrees: number): Point[] {
  return points.map((point) => rotatePoint(point, cx, cy, degrees));
}

function rotatePoint([x, y]: Point, cx: number, cy: number, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos];
}

/** An ellipse turned by some degrees (SVG ellipses are axis-aligned without a transform). */
const tiltedEllipse = (cx: number, cy: number, rx: number, ry: number, degrees: number, fill: Fill, opacity?: number) =>
  poly(rotate(arc(cx, cy, rx, ry, 0, 345, 23), cx, cy, degrees), fill, opacity);

/** A pointed leaf: six points, far smaller in the file than a turned ellipse. */
function leaf(cx: number, cy: number, length: number, width: number, degrees: number, fill: Fill): Shape {
  const h = length / 2;
  const w = width / 2;
  const points: Point[] = [
    [cx - h, cy],
    [cx - h * 0.4, cy - w],
    [cx + h * 0.4, cy - w],
    [cx + h, cy],
    [cx + h * 0.4, cy + w],
    [cx - h * 0.4, cy + w],
  ];
  return poly(rotate(points, cx, cy, degrees), fill);
}

const tiltedRect = (
  cx: number,
  cy: number,
  width: number,
  height: number,
  degrees: number,
  fill: Fill,
  opacity?: number,
) =>
  poly(
    rotate(
      [
        [cx - width / 2, cy - height / 2],
        [cx + width / 2, cy - height / 2],
        [cx + width / 2, cy + height / 2],
        [cx - width / 2, cy + height / 2],
      ],
      cx,
      cy,
      degrees,
    ),
    fill,
    opacity,
  );

/** A ridge line y(x) closed down to `bottom`: hills, waves, canopies. */
function ridge(x0: number, x1: number, bottom: number, y: (x: number) => number, steps = 24): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    points.push([x, y(x)]);
  }
  points.push([x1, bottom], [x0, bottom]);
  return points;
}

/** Deterministic jitter, so re-running the script writes identical files. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const shadow = (cx: number, cy: number, rx: number, ry: number, strength = 0.14) =>
  ellipse(cx, cy, rx, ry, C.espresso, strength);

/** A product photo set: wall, table top and a soft edge where they meet. */
const studio = (wall: Fill, table: Fill, horizon = 680): Shape[] => [
  rect(0, 0, 1000, 1000, wall),
  rect(0, horizon, 1000, 1000 - horizon, table),
  rect(0, horizon, 1000, 10, C.espresso, 0, 0.05),
];

function bean(
  cx: number,
  cy: number,
  size: number,
  upright: boolean,
  fill: Fill = C.coffee,
  crease: Fill = C.espresso,
): Shape[] {
  const [rx, ry] = upright ? [size * 0.68, size] : [size, size * 0.68];
  const [cx2, cy2] = upright ? [size * 0.1, size * 0.78] : [size * 0.78, size * 0.1];
  return [ellipse(cx, cy, rx, ry, fill), ellipse(cx, cy, cx2, cy2, crease, 0.75)];
}

function mug(cx: number, base: number, scale: number, body: Fill, rim: Fill, wall: Fill): Shape[] {
  const s = (v: number) => v * scale;
  const top = base - s(360);
  const left = cx - s(160);
  return [
    shadow(cx + s(20), base, s(230), s(30)),
    circle(cx + s(165), top + s(150), s(85), body),
    circle(cx + s(165), top + s(150), s(50), wall),
    rect(left, top, s(320), s(360), body, s(40)),
    rect(left, base - s(70), s(320), s(70), C.oat, s(40)),
    rect(left, base - s(70), s(320), s(30), C.oat),
    rect(left + s(30), top + s(40), s(26), s(230), C.white, s(13), 0.16),
    ellipse(cx, top, s(160), s(36), rim),
    ellipse(cx, top + s(4), s(140), s(27), C.espresso),
    ellipse(cx, top + s(4), s(108), s(18), C.coffee),
  ];
}

function steam(cx: number, top: number): Shape[] {
  return [
    tiltedEllipse(cx - 40, top - 70, 14, 46, -12, C.white, 0.45),
    tiltedEllipse(cx + 10, top - 110, 12, 56, 10, C.white, 0.4),
    tiltedEllipse(cx + 55, top - 80, 10, 40, -8, C.white, 0.35),
  ];
}

function mugPhoto(title: string, body: Fill, rim: Fill): Scene {
  const wall = C.cream;
  return {
    width: 1000,
    height: 1000,
    title,
    shapes: [...studio(wall, C.sand), ...steam(490, 410), ...mug(490, 770, 1, body, rim, wall)],
  };
}

function throwPhoto(title: string, cloth: Fill, fold: Fill): Scene {
  const layers = [680, 590, 500, 410];
  const shapes: Shape[] = [...studio(C.linen, C.oat, 700), shadow(500, 775, 330, 32)];
  layers.forEach((y, i) => {
    const x = 190 + (i % 2) * 16;
    shapes.push(rect(x, y, 600, 92, cloth, 42));
    shapes.push(rect(x + 30, y + 26, 540, 4, fold, 2, 0.55));
    shapes.push(rect(x + 30, y + 58, 540, 4, fold, 2, 0.55));
    shapes.push(rect(x + 10, y + 78, 580, 12, C.espresso, 6, 0.1));
  });
  shapes.push(rect(560, 430, 46, 70, C.walnut, 6), circle(583, 446, 6, C.linen));
  return { width: 1000, height: 1000, title, shapes };
}

function coffeeBagPhoto(): Scene {
  const zigzag: Point[] = xy([330, 280, 670, 280]);
  for (let i = 0; i <= 17; i++) zigzag.push([670 - i * 20, i % 2 === 0 ? 352 : 340]);
  const shapes: Shape[] = [
    ...studio(C.sagePale, C.sand),
    shadow(500, 772, 240, 30),
    poly(xy([340, 340, 660, 340, 692, 772, 308, 772]), C.kraft),
    poly(xy([600, 340, 660, 340, 692, 772, 620, 772]), C.espresso, 0.1),
    poly(zigzag, '#b48a5e'),
    rect(318, 300, 364, 14, C.mist, 7),
    circle(500, 392, 12, '#a3805a'),
    rect(382, 440, 236, 256, C.paper, 12),
    circle(500, 530, 58, C.terracotta),
    ...bean(500, 530, 34, true, C.paper),
    rect(425, 612, 150, 14, C.espresso, 4),
    rect(450, 640, 100, 10, C.coffee, 4, 0.6),
    rect(470, 664, 60, 8, C.terracotta, 4),
  ];
  const spots: Array<[number, number, boolean]> = [
    [230, 790, true],
    [280, 840, false],
    [720, 810, false],
    [775, 860, true],
    [660, 880, true],
  ];
  for (const [x, y, upright] of spots) shapes.push(...bean(x, y, 20, upright));
  return { width: 1000, height: 1000, title: 'A kraft bag of House Blend coffee with scattered beans', shapes };
}

function bowlPhoto(): Scene {
  const glaze = '#efe9df';
  const next = random(7);
  const shapes: Shape[] = [
    ...studio(C.linen, C.walnut, 700),
    rect(0, 700, 1000, 300, C.walnutDark, 0, 0.25),
    shadow(500, 768, 280, 30, 0.25),
    rect(420, 730, 160, 36, C.oat, 10),
    poly(arc(500, 560, 270, 190, 0, 180, 24), glaze),
    ellipse(500, 560, 270, 54, '#e2dbcf'),
    ellipse(500, 566, 244, 42, C.ash),
    ellipse(530, 580, 160, 24, C.slate, 0.25),
  ];
  for (let i = 0; i < 16; i++) {
    const a = Math.PI * (0.1 + 0.8 * next());
    const d = 0.35 + 0.6 * next();
    shapes.push(circle(500 + Math.cos(a) * 250 * d, 585 + Math.sin(a) * 160 * d, 3 + next() * 3, C.charcoal, 0.55));
  }
  return { width: 1000, height: 1000, title: 'A hand-thrown speckled stoneware serving bowl', shapes };
}

function boardPhoto(): Scene {
  const grapes = xy([560, 640, 590, 628, 585, 660, 615, 650, 612, 680, 640, 668]);
  return {
    width: 1000,
    height: 1000,
    title: 'A walnut serving board with a wedge of cheese and grapes',
    shapes: [
      ...studio(C.cream, C.sand, 640),
      shadow(520, 770, 380, 34),
      rect(170, 616, 580, 150, C.walnutDark, 34),
      rect(700, 650, 170, 82, C.walnutDark, 41),
      rect(170, 600, 580, 150, C.walnut, 34),
      rect(700, 636, 170, 80, C.walnut, 40),
      circle(826, 676, 15, C.sand),
      ellipse(400, 660, 190, 6, C.walnutDark, 0.4),
      ellipse(460, 700, 220, 5, C.walnutDark, 0.35),
      ellipse(380, 730, 150, 4, C.walnutDark, 0.3),
      poly(xy([270, 660, 450, 612, 462, 662, 282, 710]), C.honey),
      poly(xy([282, 710, 462, 662, 462, 690, 284, 738]), C.mustard),
      ...grapes.map(([x, y]) => circle(x, y, 19, C.plum)),
      ...grapes.map(([x, y]) => circle(x - 6, y - 6, 5, C.white, 0.3)),
    ],
  };
}

function flame(cx: number, bottom: number, height: number): Shape[] {
  const w = height * 0.32;
  const outer: Point[] = [[cx, bottom - height], ...arc(cx, bottom - w, w, w, -20, 200, 14)];
  const inner: Point[] = [[cx, bottom - height * 0.55], ...arc(cx, bottom - w * 0.6, w * 0.5, w * 0.6, -20, 200, 10)];
  return [
    circle(cx, bottom - height * 0.45, height * 1.3, C.mustard, 0.12),
    poly(outer, C.mustard),
    poly(inner, C.paper),
  ];
}

function candlePhoto(): Scene {
  return {
    width: 1000,
    height: 1000,
    title: 'A cedar and smoke soy candle in an amber glass tumbler, lit',
    shapes: [
      ...studio(C.sand, C.oat),
      shadow(520, 770, 240, 28),
      rect(660, 724, 210, 40, C.walnutDark, 20),
      rect(660, 716, 210, 36, C.walnut, 18),
      rect(380, 450, 240, 320, '#a8652e', 30),
      ellipse(500, 450, 120, 24, '#8e5222'),
      ellipse(500, 470, 104, 18, '#efe4cf'),
      rect(497, 430, 6, 42, C.charcoal),
      ...flame(500, 436, 80),
      rect(380, 570, 240, 120, C.paper),
      rect(430, 605, 140, 12, C.espresso, 4),
      rect(455, 632, 90, 8, C.rust, 4),
      rect(405, 480, 16, 250, C.white, 8, 0.2),
    ],
  };
}

function scoopPhoto(): Scene {
  const handle = tiltedRect(430, 600, 470, 46, -18, C.walnut);
  const end = rotatePoint([195, 600], 430, 600, -18);
  const tip = rotatePoint([690, 600], 430, 600, -18);
  const shapes: Shape[] = [
    ...studio(C.linen, C.linen, 2000),
    shadow(470, 640, 360, 60, 0.1),
    handle,
    circle(end[0], end[1], 23, C.walnut),
    circle(tip[0], tip[1], 100, C.walnutDark),
    circle(tip[0], tip[1], 84, C.walnut),
    circle(tip[0] - 4, tip[1] + 6, 70, C.walnutDark),
    ...[0, 1, 2, 3, 4].map((i) => tiltedRect(270 + i * 34, 654 - i * 11, 18, 6, -18, C.honey, 0.85)),
  ];
  const beans: Array<[number, number, boolean]> = [
    [tip[0] - 20, tip[1] - 10, true],
    [tip[0] + 24, tip[1] + 12, false],
    [tip[0] - 8, tip[1] + 30, false],
    [230, 380, true],
    [300, 330, false],
    [780, 760, true],
    [840, 700, false],
    [160, 820, false],
    [720, 850, true],
  ];
  for (const [x, y, upright] of beans) shapes.push(...bean(x, y, 20, upright));
  return { width: 1000, height: 1000, title: 'A walnut coffee scoop with a few roasted beans', shapes };
}

function fieldGuidePhoto(): Scene {
  return {
    width: 1000,
    height: 1000,
    title: 'The Home Barista Field Guide open on a tablet',
    shapes: [
      ...studio(C.cream, C.sand, 720),
      shadow(500, 850, 300, 26),
      rect(260, 200, 480, 640, C.charcoal, 36),
      rect(290, 240, 420, 560, C.paper, 8),
      rect(290, 240, 420, 300, C.sage, 8),
      rect(290, 500, 420, 40, C.sage),
      circle(600, 330, 40, C.honey),
      poly(
        ridge(290, 710, 540, (x) => 450 + 30 * Math.sin(x / 60)),
        C.moss,
      ),
      poly(
        ridge(290, 710, 540, (x) => 490 + 20 * Math.sin(x / 45 + 1)),
        C.forest,
      ),
      poly(xy([420, 360, 580, 360, 530, 450, 470, 450]), C.terracotta),
      rect(410, 350, 180, 16, C.rust, 8),
      rect(340, 590, 300, 26, C.espresso, 6),
      rect(340, 632, 220, 16, C.coffee, 6),
      rect(340, 700, 130, 12, C.terracotta, 6),
      ...mug(820, 870, 0.38, C.terracotta, C.rust, C.cream),
    ],
  };
}

function workshopPhoto(): Scene {
  const wall = '#f1e3d3';
  const spout: Point[] = xy([668, 700, 690, 690, 640, 560, 600, 470, 588, 480, 624, 566]);
  return {
    width: 1000,
    height: 1000,
    title: 'A pour-over class setup: dripper, glass carafe and gooseneck kettle',
    shapes: [
      ...studio(wall, C.walnut),
      rect(0, 680, 1000, 320, C.walnutDark, 0, 0.2),
      shadow(480, 768, 210, 24, 0.25),
      shadow(760, 768, 150, 22, 0.25),
      poly(xy([420, 520, 580, 520, 640, 760, 360, 760]), C.mist, 0.7),
      poly(xy([392, 640, 608, 640, 636, 752, 364, 752]), C.espresso, 0.85),
      rect(360, 748, 280, 14, C.mist, 7),
      poly(xy([380, 420, 620, 420, 560, 530, 440, 530]), C.terracotta),
      poly(xy([404, 428, 596, 428, 576, 466, 424, 466]), C.paper, 0.85),
      rect(368, 408, 264, 22, C.rust, 11),
      rect(588, 480, 4, 40, C.mist, 2),
      poly(spout, C.charcoal),
      circle(868, 640, 58, C.charcoal),
      circle(868, 640, 36, wall),
      rect(660, 560, 210, 210, C.charcoal, 60),
      ellipse(765, 562, 76, 16, C.slate),
      circle(765, 540, 14, C.walnut),
      rect(690, 600, 14, 130, C.white, 7, 0.12),
    ],
  };
}

function fern(cx: number, baseY: number, height: number, leaflet: number, fill: Fill, lean = 0): Shape[] {
  const shapes: Shape[] = [tiltedRect(cx, baseY - height / 2, 8, height, lean, fill)];
  const pairs = 8;
  for (let k = 0; k < pairs; k++) {
    const t = (k + 0.5) / pairs;
    const along = rotatePoint([cx, baseY - height * t], cx, baseY, lean);
    const length = leaflet * (1 - t * 0.75);
    for (const side of [-1, 1]) {
      const [x, y] = [along[0] + side * length * 0.55, along[1] - length * 0.25];
      shapes.push(leaf(x, y, length * 1.1, length * 0.22, side * -28 + lean, fill));
    }
  }
  return shapes;
}

function giftCardPhoto(): Scene {
  return {
    width: 1000,
    height: 1000,
    title: 'A terracotta gift card resting on a cream envelope',
    shapes: [
      ...studio(C.cream, C.sand),
      shadow(520, 800, 330, 30),
      rect(200, 360, 560, 380, '#efe6d6', 6),
      poly(xy([200, 360, 760, 360, 480, 570]), '#e2d3bc'),
      rect(312, 482, 520, 320, C.espresso, 24, 0.15),
      rect(300, 470, 520, 320, C.terracotta, 24),
      rect(700, 470, 22, 320, C.honey),
      circle(400, 562, 50, C.paper),
      ...fern(400, 600, 76, 40, C.moss),
      rect(340, 722, 200, 12, C.paper, 6, 0.6),
      rect(340, 744, 130, 10, C.paper, 5, 0.45),
      rect(560, 510, 100, 28, C.paper, 6, 0.9),
    ],
  };
}

function membershipPhoto(): Scene {
  return {
    width: 1000,
    height: 1000,
    title: "A moss green notebook, the Roaster's Notebook membership",
    shapes: [
      ...studio(C.linen, C.oat, 720),
      shadow(500, 800, 260, 26),
      poly(xy([600, 770, 640, 770, 640, 880, 620, 862, 600, 880]), C.rust),
      rect(310, 240, 380, 540, C.moss, 18),
      rect(310, 240, 34, 540, C.forest, 14),
      rect(630, 240, 14, 540, C.charcoal),
      circle(490, 420, 66, C.paper, 0.92),
      circle(490, 404, 18, C.moss),
      poly(xy([480, 410, 500, 410, 508, 460, 472, 460]), C.moss),
      rect(400, 560, 180, 14, C.paper, 7, 0.7),
      rect(425, 586, 130, 10, C.paper, 5, 0.5),
      tiltedRect(790, 640, 30, 360, 14, C.walnut),
      poly(rotate(xy([775, 820, 805, 820, 790, 862]), 790, 640, 14), C.charcoal),
    ],
  };
}

function logo(): Scene {
  return {
    width: 600,
    height: 600,
    title: 'Fernwood Coffee & Home: a fern frond in a round badge',
    shapes: [
      circle(300, 300, 290, C.espresso),
      circle(300, 300, 262, C.cream),
      circle(300, 300, 248, C.espresso),
      ...fern(300, 470, 330, 170, C.sage),
      ...bean(300, 500, 26, false, C.terracotta),
    ],
  };
}

/** A window pane with hills seen through it; the hills stay inside the pane's box. */
function windowView(x: number, y: number, width: number, height: number, sun: boolean): Shape[] {
  return [
    rect(x, y, width, height, '#dbe4e4'),
    ...(sun ? [circle(x + width * 0.4, y + height * 0.3, 36, C.honey, 0.9)] : []),
    poly(
      ridge(x, x + width, y + height, (px) => y + height * 0.62 + 18 * Math.sin(px / 70)),
      C.sage,
    ),
    poly(
      ridge(x, x + width, y + height, (px) => y + height * 0.78 + 14 * Math.sin(px / 50 + 2)),
      C.moss,
    ),
  ];
}

function journalWindow(): Scene {
  return {
    width: 1600,
    height: 900,
    title: 'Morning light on a pour-over and a mug by the kitchen window',
    shapes: [
      rect(0, 0, 1600, 900, C.cream),
      rect(180, 80, 660, 540, C.paper, 8),
      ...windowView(210, 110, 290, 480, false),
      ...windowView(520, 110, 290, 480, true),
      rect(160, 600, 700, 30, C.paper, 6),
      rect(620, 520, 90, 80, C.terracotta, 10),
      tiltedEllipse(640, 490, 22, 50, -30, C.moss),
      tiltedEllipse(690, 480, 20, 56, 25, C.forest),
      tiltedEllipse(665, 470, 18, 60, 2, C.sage),
      rect(0, 660, 1600, 240, C.walnut),
      rect(0, 660, 1600, 14, C.walnutDark, 0, 0.5),
      shadow(1120, 790, 170, 18, 0.25),
      poly(xy([1060, 560, 1180, 560, 1220, 790, 1020, 790]), C.mist, 0.7),
      poly(xy([1040, 690, 1200, 690, 1216, 784, 1024, 784]), C.espresso, 0.85),
      poly(xy([1030, 470, 1210, 470, 1165, 560, 1075, 560]), C.paper),
      rect(1022, 460, 196, 18, C.oat, 9),
      ...mug(1390, 800, 0.45, C.slate, '#4c565d', C.cream),
    ],
  };
}

function journalHills(): Scene {
  const next = random(11);
  const layers: Array<[Fill, number, number, number]> = [
    [C.sage, 420, 40, 160],
    [C.moss, 540, 36, 120],
    [C.forest, 660, 30, 90],
    [C.pine, 780, 26, 70],
  ];
  const shapes: Shape[] = [
    rect(0, 0, 1600, 900, '#f2dcc0'),
    rect(0, 0, 1600, 260, C.rose, 0, 0.35),
    circle(1180, 330, 110, C.honey),
  ];
  layers.forEach(([fill, level, amplitude, wavelength], index) => {
    const top = (x: number) => level + amplitude * Math.sin(x / wavelength + index * 1.7);
    shapes.push(poly(ridge(0, 1600, 900, top, 32), fill));
    if (index >= 2) {
      for (let x = 30; x < 1600; x += 90 + index * 10) {
        const y = top(x) + 40 + next() * 40;
        shapes.push(circle(x, y, 24 + index * 4, C.pine, 0.65), circle(x + 10, y - 6, 5, C.rust, 0.9));
      }
    }
  });
  return { width: 1600, height: 900, title: 'Layered green hills of a coffee farm at dawn', shapes };
}

function journalShelf(): Scene {
  const shapes: Shape[] = [rect(0, 0, 1600, 900, C.sagePale)];
  for (const y of [380, 720]) {
    shapes.push(rect(120, y, 1360, 34, C.walnut, 4), rect(120, y + 34, 1360, 10, C.espresso, 0, 0.12));
  }
  // top shelf: jars and a stack of bowls
  for (const [x, h, fill] of [
    [200, 190, C.honey],
    [330, 150, C.coffee],
    [450, 210, C.oat],
  ] as const) {
    shapes.push(rect(x, 380 - h, 100, h, C.mist, 14, 0.8), rect(x + 8, 380 - h * 0.7, 84, h * 0.7 - 8, fill, 10));
    shapes.push(rect(x - 4, 370 - h, 108, 26, C.walnutDark, 8));
  }
  for (const [i, fill] of [C.paper, C.ash, C.paper].entries()) {
    shapes.push(poly(arc(760, 300 - i * 40, 130 - i * 12, 60, 0, 180, 12), fill));
    shapes.push(ellipse(760, 300 - i * 40, 130 - i * 12, 14, '#e2dbcf'));
  }
  shapes.push(...mug(1060, 380, 0.42, C.terracotta, C.rust, C.sagePale));
  shapes.push(...mug(1250, 380, 0.42, C.oat, '#cdb99a', C.sagePale));
  // bottom shelf: cookbooks, a plant and a pitcher
  const books: Fill[] = [C.rust, C.mustard, C.slate, C.moss, C.paper, C.terracotta];
  books.forEach((fill, i) => {
    shapes.push(rect(200 + i * 44, 720 - (200 + (i % 3) * 24), 40, 200 + (i % 3) * 24, fill, 3));
  });
  shapes.push(rect(620, 620, 130, 100, C.terracotta, 14));
  for (const [dx, dy, deg, fill] of [
    [-60, -60, -40, C.moss],
    [0, -110, 0, C.forest],
    [60, -70, 38, C.sage],
    [-20, -40, -15, C.sage],
    [40, -40, 20, C.moss],
  ] as const) {
    shapes.push(tiltedEllipse(685 + dx, 620 + dy, 22, 64, deg, fill));
  }
  shapes.push(poly(xy([960, 520, 1080, 520, 1110, 720, 930, 720]), C.paper));
  shapes.push(poly(xy([1080, 540, 1150, 520, 1150, 545, 1086, 570]), C.paper));
  shapes.push(rect(950, 600, 150, 18, C.ash));
  shapes.push(rect(1250, 610, 180, 110, C.kraft, 10), rect(1280, 640, 120, 30, C.paper, 4));
  return { width: 1600, height: 900, title: 'An open kitchen shelf with jars, bowls, mugs and cookbooks', shapes };
}

function journalWinterTable(): Scene {
  const shapes: Shape[] = [rect(0, 0, 1600, 900, C.walnut)];
  for (let y = 40; y < 900; y += 150) shapes.push(rect(0, y, 1600, 5, C.walnutDark, 0, 0.4));
  shapes.push(rect(0, 330, 1600, 240, C.linen), rect(0, 330, 1600, 8, C.oat), rect(0, 562, 1600, 8, C.oat));
  for (const x of [260, 800, 1340]) {
    for (const y of [170, 730]) {
      shapes.push(circle(x, y, 118, C.espresso, 0.2), circle(x, y, 112, C.paper), circle(x, y, 80, C.cream));
      const my = y < 450 ? y + 70 : y - 70;
      shapes.push(
        circle(x + 160, my, 52, C.slate),
        circle(x + 160, my, 40, C.coffee),
        rect(x + 205, my - 9, 34, 18, C.slate, 9),
      );
    }
  }
  for (const x of [530, 1070]) {
    shapes.push(circle(x, 450, 70, C.mustard, 0.18), circle(x, 450, 34, C.paper), circle(x, 450, 9, C.honey));
  }
  for (const [x, deg] of [
    [380, 20],
    [680, -30],
    [930, 15],
    [1220, -20],
  ] as const) {
    shapes.push(tiltedRect(x, 450, 150, 5, deg, C.forest));
    for (const t of [-45, 0, 45]) {
      const [px, py] = rotatePoint([x + t, 450], x, 450, deg);
      shapes.push(leaf(px + 4, py - 16, 46, 16, deg + 60, C.moss));
      shapes.push(leaf(px + 4, py + 16, 46, 16, deg - 60, C.pine));
    }
  }
  return {
    width: 1600,
    height: 900,
    title: 'A winter table for six seen from above: plates, mugs, candles, greenery',
    shapes,
  };
}

function journalRoaster(): Scene {
  const next = random(23);
  const shapes: Shape[] = [
    rect(0, 0, 1600, 900, C.sand),
    rect(0, 700, 1600, 200, C.slate),
    rect(0, 700, 1600, 12, C.charcoal, 0, 0.35),
    rect(990, 0, 50, 290, C.charcoal),
    rect(1278, 0, 4, 150, C.charcoal),
    poly(xy([1180, 230, 1380, 230, 1330, 560, 1230, 560]), C.honey, 0.16),
    poly(xy([1230, 150, 1330, 150, 1380, 230, 1180, 230]), C.charcoal),
    rect(740, 260, 40, 30, C.charcoal),
    rect(560, 280, 520, 420, C.charcoal, 30),
    circle(760, 470, 150, C.slate),
    circle(760, 470, 118, C.charcoal),
    circle(760, 470, 92, C.coffee),
    circle(730, 440, 20, C.white, 0.18),
    rect(900, 330, 150, 30, C.terracotta, 6),
    poly(xy([640, 150, 880, 150, 800, 280, 720, 280]), C.mist),
    rect(640, 140, 240, 20, C.ash, 6),
    rect(1000, 620, 60, 80, C.charcoal, 6),
    ellipse(1280, 690, 250, 36, C.charcoal),
    ellipse(1280, 676, 236, 30, C.mist),
    ellipse(1280, 678, 214, 24, C.coffee),
    rect(1060, 640, 30, 12, C.charcoal, 4),
    rect(1180, 690, 20, 120, C.charcoal),
    rect(1370, 690, 20, 120, C.charcoal),
  ];
  for (let i = 0; i < 22; i++) {
    shapes.push(ellipse(1100 + next() * 360, 668 + next() * 20, 8, 5, next() > 0.5 ? C.latte : C.walnut));
  }
  return { width: 1600, height: 900, title: 'The drum roaster and cooling tray in the Fernwood roastery', shapes };
}

function storefront(): Scene {
  const shapes: Shape[] = [
    rect(0, 0, 1200, 900, '#f6e7d2'),
    rect(140, 120, 920, 640, C.terracotta),
    rect(140, 120, 920, 90, C.espresso),
    rect(420, 150, 360, 30, C.cream, 6),
    circle(380, 165, 22, C.sage),
  ];
  for (let i = 0; i < 12; i++) {
    const x = 150 + i * 75;
    shapes.push(
      poly(
        [
          [x, 230],
          [x + 75, 230],
          [x + 90, 320],
          [x - 10, 320],
        ],
        i % 2 ? C.paper : C.moss,
      ),
    );
    shapes.push(circle(x + 40, 320, 38, i % 2 ? C.paper : C.moss));
  }
  shapes.push(
    rect(200, 380, 300, 270, C.walnutDark, 8),
    rect(214, 394, 272, 242, C.honey, 4, 0.85),
    rect(347, 394, 6, 242, C.walnutDark),
    rect(700, 380, 300, 270, C.walnutDark, 8),
    rect(714, 394, 272, 242, C.honey, 4, 0.85),
    rect(847, 394, 6, 242, C.walnutDark),
    rect(530, 360, 140, 400, C.walnut, 6),
    rect(548, 380, 104, 160, C.honey, 4, 0.8),
    circle(644, 580, 7, C.mustard),
    rect(0, 760, 1200, 140, C.oat),
    rect(0, 760, 1200, 14, C.latte),
  );
  for (const x of [90, 1110]) {
    shapes.push(
      poly(
        [
          [x - 50, 700],
          [x + 50, 700],
          [x + 36, 790],
          [x - 36, 790],
        ],
        C.charcoal,
      ),
    );
    shapes.push(tiltedEllipse(x - 30, 650, 24, 66, -25, C.moss), tiltedEllipse(x + 26, 640, 24, 70, 22, C.forest));
    shapes.push(tiltedEllipse(x, 620, 20, 80, 0, C.sage));
  }
  shapes.push(...mug(270, 612, 0.2, C.paper, C.oat, C.honey), ...mug(800, 612, 0.2, C.slate, C.mist, C.honey));
  return {
    width: 1200,
    height: 900,
    title: 'The Fernwood shop front on Exchange Street with its green striped awning',
    shapes,
  };
}

function burlapSacks(): Scene {
  const shapes: Shape[] = [rect(0, 0, 1200, 900, C.linen), rect(0, 640, 1200, 260, C.walnut)];
  const sacks: Array<[number, number, number, Fill, Fill]> = [
    [270, 660, 1, C.kraft, C.rust],
    [600, 690, 1.1, C.oat, C.forest],
    [930, 660, 1, C.latte, C.terracotta],
    [430, 430, 0.9, C.oat, C.slate],
    [770, 430, 0.9, C.kraft, C.moss],
  ];
  for (const [cx, base, s, cloth, ink] of sacks) {
    shapes.push(shadow(cx, base, 190 * s, 20 * s, 0.2));
    shapes.push(rect(cx - 180 * s, base - 300 * s, 360 * s, 300 * s, cloth, 90 * s));
    shapes.push(
      poly(
        [
          [cx - 150 * s, base - 270 * s],
          [cx - 90 * s, base - 330 * s],
          [cx + 90 * s, base - 330 * s],
          [cx + 150 * s, base - 270 * s],
        ],
        cloth,
      ),
    );
    shapes.push(rect(cx - 130 * s, base - 225 * s, 260 * s, 10 * s, ink, 5, 0.8));
    shapes.push(circle(cx, base - 140 * s, 58 * s, ink, 0.75));
    shapes.push(...bean(cx, base - 140 * s, 26 * s, true, cloth));
    shapes.push(rect(cx - 130 * s, base - 60 * s, 260 * s, 10 * s, ink, 5, 0.8));
  }
  return { width: 1200, height: 900, title: 'Burlap sacks of green coffee stacked in the warehouse', shapes };
}

function cuppingTable(): Scene {
  const shapes: Shape[] = [rect(0, 0, 1200, 1200, C.oat)];
  for (let y = 80; y < 1200; y += 190) shapes.push(rect(0, y, 1200, 4, C.latte, 0, 0.5));
  const rows = [260, 600, 940];
  const cols = [260, 600, 940];
  rows.forEach((y, r) => {
    cols.forEach((x, c) => {
      shapes.push(circle(x + 8, y + 10, 112, C.espresso, 0.18), circle(x, y, 110, C.paper), circle(x, y, 88, C.coffee));
      shapes.push(circle(x - 18, y - 18, 40, C.latte, 0.35 + 0.1 * ((r + c) % 3)));
    });
  });
  for (const y of rows) {
    shapes.push(tiltedRect(430, y + 120, 130, 10, -35, C.mist), tiltedEllipse(375, y + 160, 24, 16, -35, C.mist));
    shapes.push(rect(1100, y - 50, 70, 100, C.paper, 4), rect(1112, y - 30, 46, 8, C.coffee, 3));
  }
  return { width: 1200, height: 1200, title: 'Nine cupping bowls in rows on the tasting table', shapes };
}

function harborDusk(): Scene {
  const shapes: Shape[] = [
    rect(0, 0, 1200, 900, '#c9b8c4'),
    rect(0, 140, 1200, 160, C.rose),
    rect(0, 300, 1200, 200, '#f0c9a0'),
    circle(640, 500, 90, C.honey),
    poly(
      ridge(0, 1200, 540, (x) => 470 + 16 * Math.sin(x / 90) + (x > 800 ? -30 : 0), 28),
      C.pine,
    ),
    rect(0, 500, 1200, 400, C.slate),
  ];
  for (let i = 0; i < 8; i++) shapes.push(rect(560 + (i % 3) * 20, 530 + i * 34, 160 - i * 14, 6, C.honey, 3, 0.6));
  shapes.push(
    poly(xy([950, 300, 990, 300, 1004, 480, 936, 480]), C.paper),
    rect(940, 270, 60, 34, C.rust, 4),
    poly(xy([930, 270, 1010, 270, 970, 236]), C.charcoal),
    rect(955, 360, 30, 14, C.rust),
    rect(955, 420, 30, 14, C.rust),
  );
  for (const [x, y, s, hull] of [
    [240, 640, 1, C.paper],
    [420, 720, 0.8, C.terracotta],
    [160, 790, 0.7, C.mustard],
  ] as const) {
    shapes.push(
      poly(
        [
          [x - 90 * s, y],
          [x + 110 * s, y],
          [x + 80 * s, y + 34 * s],
          [x - 70 * s, y + 34 * s],
        ],
        hull,
      ),
    );
    shapes.push(rect(x, y - 180 * s, 6 * s, 180 * s, C.charcoal));
    shapes.push(
      poly(
        [
          [x + 10 * s, y - 170 * s],
          [x + 10 * s, y - 14 * s],
          [x + 100 * s, y - 14 * s],
        ],
        C.cream,
      ),
    );
    shapes.push(rect(x - 80 * s, y + 46 * s, 170 * s, 5, C.paper, 2, 0.35));
  }
  return {
    width: 1200,
    height: 900,
    title: 'Portland harbor at dusk: sailboats, a lighthouse and the sun on the water',
    shapes,
  };
}

function potteryWheel(): Scene {
  const shapes: Shape[] = [rect(0, 0, 900, 1200, C.linen)];
  for (const y of [240, 470]) {
    shapes.push(rect(60, y, 780, 22, C.walnut, 4));
    for (let i = 0; i < 5; i++) {
      const x = 130 + i * 150;
      const fills = [C.paper, C.ash, C.oat, C.terracotta, C.sage];
      // A non-negative whole number modulo the length is always in range.
      const fill = fills[(i + y / 10) % fills.length]!;
      shapes.push(poly(arc(x, y - 60, 52, 60, 0, 180, 10), fill), ellipse(x, y - 60, 52, 10, C.espresso, 0.2));
    }
  }
  shapes.push(
    ellipse(450, 1000, 380, 110, C.slate),
    ellipse(450, 980, 340, 90, C.mist),
    rect(250, 980, 400, 140, C.slate),
    ellipse(450, 920, 230, 50, C.ash),
    ellipse(450, 910, 220, 44, C.slate),
    rect(370, 840, 160, 70, C.clay, 20),
    ellipse(450, 770, 150, 110, C.clay),
    rect(390, 620, 120, 110, C.clay),
    ellipse(450, 620, 76, 18, '#b8714d'),
    ellipse(450, 622, 58, 11, C.rust),
    ellipse(395, 760, 14, 70, C.white, 0.15),
  );
  return {
    width: 900,
    height: 1200,
    title: 'A clay pot being thrown on the wheel, finished pots on the shelves behind',
    shapes,
  };
}

function latteArt(): Scene {
  const shapes: Shape[] = [
    rect(0, 0, 1200, 1200, C.walnut),
    rect(0, 0, 1200, 1200, C.walnutDark, 0, 0.15),
    circle(610, 620, 400, C.espresso, 0.25),
    circle(600, 600, 400, C.paper),
    circle(600, 600, 330, C.cream),
    circle(600, 600, 290, C.terracotta),
    circle(600, 600, 260, C.latte),
    circle(600, 600, 230, C.coffee),
  ];
  for (let i = 0; i < 6; i++) {
    shapes.push(ellipse(600, 470 + i * 52, 60 + i * 20, 30 + i * 2, C.cream));
    shapes.push(ellipse(600, 482 + i * 52, 50 + i * 20, 10, C.latte, 0.8));
  }
  shapes.push(circle(600, 410, 44, C.cream), rect(596, 400, 8, 390, C.cream, 4));
  shapes.push(tiltedRect(1000, 900, 300, 24, 40, C.mist), tiltedEllipse(880, 800, 44, 30, 40, C.mist));
  const beans: Array<[number, number, boolean]> = [
    [150, 160, true],
    [220, 120, false],
    [130, 1050, false],
    [1080, 150, true],
    [1010, 100, false],
  ];
  for (const [x, y, upright] of beans) shapes.push(...bean(x, y, 30, upright, C.espresso, C.latte));
  return { width: 1200, height: 1200, title: 'A flat white with rosetta latte art, seen from above', shapes };
}

function marketStall(): Scene {
  const shapes: Shape[] = [
    rect(0, 0, 1200, 900, '#dfe7e8'),
    poly(
      ridge(0, 1200, 900, (x) => 560 + 20 * Math.sin(x / 140), 20),
      C.sage,
    ),
    rect(0, 720, 1200, 180, C.oat),
  ];
  shapes.push(rect(180, 180, 14, 560, C.walnut), rect(1006, 180, 14, 560, C.walnut));
  for (let i = 0; i < 8; i++) {
    const x = 160 + i * 110;
    shapes.push(
      poly(
        [
          [x, 200],
          [x + 110, 200],
          [x + 110, 280],
          [x, 280],
        ],
        i % 2 ? C.paper : C.terracotta,
      ),
    );
    shapes.push(circle(x + 55, 280, 55, i % 2 ? C.paper : C.terracotta));
  }
  shapes.push(poly(xy([150, 200, 1050, 200, 960, 110, 240, 110]), C.rust));
  shapes.push(rect(200, 560, 800, 40, C.walnut, 4), rect(220, 600, 760, 170, C.moss));
  for (const [x, fill] of [
    [260, C.kraft],
    [350, C.latte],
    [440, C.kraft],
  ] as const) {
    shapes.push(
      rect(x, 430, 80, 130, fill, 8),
      rect(x + 12, 470, 56, 50, C.paper, 4),
      circle(x + 40, 495, 14, C.terracotta),
    );
  }
  shapes.push(
    ...mug(600, 560, 0.26, C.oat, '#cdb99a', '#dfe7e8'),
    ...mug(700, 560, 0.26, C.slate, '#4c565d', '#dfe7e8'),
  );
  shapes.push(...mug(800, 560, 0.26, C.terracotta, C.rust, '#dfe7e8'));
  shapes.push(
    rect(880, 470, 100, 90, C.espresso, 6),
    rect(892, 482, 76, 50, C.paper, 4),
    rect(905, 498, 50, 8, C.espresso, 3),
  );
  return { width: 1200, height: 900, title: 'The Fernwood market stall with bags of coffee and a row of mugs', shapes };
}

function fernStudy(): Scene {
  return {
    width: 900,
    height: 1200,
    title: 'Three fern fronds on a cream background',
    shapes: [
      rect(0, 0, 900, 1200, C.cream),
      ...fern(300, 1200, 900, 300, C.sage, -12),
      ...fern(600, 1200, 1000, 320, C.moss, 10),
      ...fern(450, 1250, 700, 260, C.forest, 2),
    ],
  };
}

function beanStudy(): Scene {
  const next = random(5);
  const roasts: Fill[] = [C.coffee, C.walnutDark, C.latte, C.walnut];
  const shapes: Shape[] = [rect(0, 0, 1200, 1200, C.espresso)];
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 6; col++) {
      const x = Math.round(110 + col * 196 + next() * 40 - 20);
      const y = Math.round(110 + row * 196 + next() * 40 - 20);
      const size = Math.round(62 + next() * 12);
      shapes.push(...bean(x, y, size, (row + col) % 2 === 0, roasts[Math.floor(next() * roasts.length)]));
    }
  }
  return { width: 1200, height: 1200, title: 'Roasted coffee beans close up, from light to dark', shapes };
}

function pineCoast(): Scene {
  const shapes: Shape[] = [
    rect(0, 0, 1200, 900, '#e9eef0'),
    rect(0, 0, 1200, 200, C.mist, 0, 0.6),
    rect(0, 520, 1200, 380, C.ash),
    rect(0, 520, 1200, 30, C.mist, 0, 0.7),
    poly(
      ridge(0, 700, 900, (x) => 620 + 60 * Math.sin(x / 120) + x * 0.1, 20),
      C.coffee,
    ),
    poly(
      ridge(0, 560, 900, (x) => 700 + 40 * Math.sin(x / 90 + 1), 16),
      C.walnutDark,
    ),
  ];
  const trees: Array<[number, number, number]> = [
    [80, 640, 1.2],
    [200, 610, 1],
    [310, 640, 1.3],
    [430, 660, 0.9],
    [540, 690, 0.8],
  ];
  for (const [x, base, s] of trees) {
    shapes.push(rect(x - 8 * s, base - 40 * s, 16 * s, 60 * s, C.espresso));
    for (let k = 0; k < 4; k++) {
      const w = (110 - k * 22) * s;
      const y = base - 40 * s - k * 70 * s;
      shapes.push(
        poly(
          [
            [x - w, y],
            [x + w, y],
            [x, y - 120 * s],
          ],
          k % 2 ? C.pine : C.forest,
        ),
      );
    }
  }
  for (let i = 0; i < 6; i++) shapes.push(rect(760 + i * 60, 600 + (i % 3) * 70, 120, 5, C.paper, 2, 0.6));
  shapes.push(circle(980, 200, 60, C.paper, 0.9));
  return { width: 1200, height: 900, title: 'Pines on the rocky Maine coast above a calm sea', shapes };
}

/** Every picture by file name. */
export const DRAWINGS: Readonly<Record<string, () => Scene>> = {
  'logo.svg': logo,
  'product-mug-oat.svg': () =>
    mugPhoto('The Stoneware Mug in Oat glaze, with a dipped raw-clay foot', '#e2d2b8', '#cdb99a'),
  'product-mug-slate.svg': () =>
    mugPhoto('The Stoneware Mug in Slate glaze, with a dipped raw-clay foot', C.slate, '#4c565d'),
  'product-throw-oatmeal.svg': () =>
    throwPhoto('The Waffle Cotton Throw in Oatmeal, folded in a stack', '#e6d7c0', C.oat),
  'product-throw-moss.svg': () => throwPhoto('The Waffle Cotton Throw in Moss, folded in a stack', C.moss, C.forest),
  'product-house-blend.svg': coffeeBagPhoto,
  'product-serving-bowl.svg': bowlPhoto,
  'product-walnut-board.svg': boardPhoto,
  'product-candle.svg': candlePhoto,
  'product-coffee-scoop.svg': scoopPhoto,
  'product-field-guide.svg': fieldGuidePhoto,
  'product-pour-over-class.svg': workshopPhoto,
  'product-gift-card.svg': giftCardPhoto,
  'product-roasters-notebook.svg': membershipPhoto,
  'journal-window-light.svg': journalWindow,
  'journal-huila-hills.svg': journalHills,
  'journal-open-shelf.svg': journalShelf,
  'journal-winter-table.svg': journalWinterTable,
  'journal-roaster.svg': journalRoaster,
  'gallery-storefront.svg': storefront,
  'gallery-burlap-sacks.svg': burlapSacks,
  'gallery-cupping-table.svg': cuppingTable,
  'gallery-harbor-dusk.svg': harborDusk,
  'gallery-pottery-wheel.svg': potteryWheel,
  'gallery-latte-art.svg': latteArt,
  'gallery-market-stall.svg': marketStall,
  'gallery-fern-study.svg': fernStudy,
  'gallery-bean-study.svg': beanStudy,
  'gallery-pine-coast.svg': pineCoast,
};

/** The size budget per file: the pictures are decoration, not payload. */
const MAX_BYTES = 6 * 1024;

function main(checkOnly: boolean): number {
  let problems = 0;
  const report = (message: string) => {
    problems++;
    process.stdout.write(`${message}\n`);
  };
  const records = new Map(DEMO_IMAGES.map((image) => [image.filename, image]));
  for (const [filename, draw] of Object.entries(DRAWINGS)) {
    const svg = sceneToSvg(draw());
    const file = path.join(IMAGE_DIR, filename);
    if (checkOnly) {
      let onDisk = '';
      try {
        onDisk = readFileSync(file, 'utf8');
      } catch {
        // reported below as a difference
      }
      if (onDisk !== svg) report(`${filename}: file differs from its drawing`);
    } else {
      writeFileSync(file, svg);
    }
    if (Buffer.byteLength(svg) > MAX_BYTES) report(`${filename}: ${Buffer.byteLength(svg)} bytes, over ${MAX_BYTES}`);
    // Sample the file as written (coordinates rounded), not the drawing.
    const scene = sceneFromSvg(svg);
    const colorData = colorDataOf(scene);
    const record = records.get(filename);
    if (!record) {
      report(
        `${filename}: no record in demo-images.ts; width ${scene.width}, height ${scene.height}, colorData ${JSON.stringify(colorData)}`,
      );
      continue;
    }
    records.delete(filename);
    if (record.width !== scene.width || record.height !== scene.height) {
      report(`${filename}: record says ${record.width}x${record.height}, drawing is ${scene.width}x${scene.height}`);
    }
    if (JSON.stringify(record.colorData) !== JSON.stringify(colorData)) {
      report(`${filename}: colorData should be ${JSON.stringify(colorData)}`);
    }
  }
  for (const filename of records.keys()) report(`${filename}: record without a drawing`);
  return problems === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.includes('--check'));
}
