/**
 * Spec section 5, colours: the colour helper takes 3- or 6-digit hex, rgb,
 * hsl, hwb and keywords; a website's stored colours have hue 0 to 360 and
 * saturation, lightness and alpha 0 to 1, and the messages are the spec's.
 * Saturation and lightness may be written as fractions (0.68) or percents
 * (68%), which are read as fractions. Shared by the style panel and the
 * server, so both refuse a colour with the same words.
 */

export const COLOUR_MESSAGES = {
  hue: 'Hue out of bounds.',
  saturation: 'Saturation out of bounds.',
  lightness: 'Lightness out of bounds.',
  alpha: 'Alpha out of bounds.',
  missing: 'Missing an H/S/L value.',
  // Ours: a value that is no colour at all.
  invalid: 'Please enter a colour such as #a1461f, rgb(161, 70, 31), hsl(18, 68%, 38%) or a colour name.',
} as const;

/** CSS's named colours (CSS Color Module Level 4), which the helper takes as keywords. */
const KEYWORDS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

export type ColourCheck = { ok: true; css: string } | { ok: false; message: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(%)?$/;

/** A component as a number; a percent is read as a fraction (68% → 0.68). NaN when it is not a number. */
function fraction(part: string | undefined): number {
  const match = NUMBER.exec(part ?? '');
  if (!match) return Number.NaN;
  const value = Number(part!.replace('%', ''));
  return match[3] ? value / 100 : value;
}

/** `hsl(18, 68%, 38%)`, `hsl(18 0.68 0.38 / 0.5)`: the name and its components, commas or spaces. */
function functionParts(text: string): { name: string; parts: string[] } | undefined {
  const match = /^([a-z]+)\(\s*([^()]*)\)$/i.exec(text);
  if (!match) return undefined;
  const parts = match[2]!
    .replace(/\s*\/\s*/, ' / ')
    .split(/\s*,\s*|\s+/)
    .filter((part) => part !== '' && part !== '/');
  return { name: match[1]!.toLowerCase(), parts };
}

const ok = (css: string): ColourCheck => ({ ok: true, css });
const fail = (message: string): ColourCheck => ({ ok: false, message });

function checkAlpha(part: string | undefined): string | undefined {
  if (part === undefined) return undefined;
  const alpha = fraction(part);
  return Number.isNaN(alpha) ? COLOUR_MESSAGES.invalid : alpha < 0 || alpha > 1 ? COLOUR_MESSAGES.alpha : undefined;
}

function checkHue(part: string): string | undefined {
  const hue = Number(part.replace(/deg$/i, ''));
  if (part.trim() === '' || Number.isNaN(hue)) return COLOUR_MESSAGES.invalid;
  return hue < 0 || hue > 360 ? COLOUR_MESSAGES.hue : undefined;
}

/** checkColour('hsl(400, 50%, 50%)') → { ok: false, message: 'Hue out of bounds.' } */
export function checkColour(input: string): ColourCheck {
  const text = input.trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(text)) return ok(text.toLowerCase());
  if (KEYWORDS.has(text.toLowerCase())) return ok(text.toLowerCase());
  const call = functionParts(text);
  if (!call) return fail(COLOUR_MESSAGES.invalid);
  const { name, parts } = call;
  if (name === 'hsl' || name === 'hsla') {
    if (parts.length < 3) return fail(COLOUR_MESSAGES.missing);
    if (parts.length > 4) return fail(COLOUR_MESSAGES.invalid);
    const [h, s, l, a] = parts as [string, string, string, string | undefined];
    const problem =
      checkHue(h) ??
      bounded(fraction(s), COLOUR_MESSAGES.saturation) ??
      bounded(fraction(l), COLOUR_MESSAGES.lightness) ??
      checkAlpha(a);
    if (problem) return fail(problem);
    // Stored as CSS with percents, whichever way it was written.
    const percent = (value: number) => `${round(value * 100)}%`;
    const alpha = a === undefined ? '' : `, ${round(fraction(a))}`;
    return ok(
      `hsl${a === undefined ? '' : 'a'}(${round(Number(h.replace(/deg$/i, '')))}, ${percent(fraction(s))}, ${percent(fraction(l))}${alpha})`,
    );
  }
  if (name === 'hwb') {
    if (parts.length < 3 || parts.length > 4) return fail(COLOUR_MESSAGES.invalid);
    const [h, w, b, a] = parts as [string, string, string, string | undefined];
    const problem =
      checkHue(h) ??
      bounded(fraction(w), COLOUR_MESSAGES.invalid) ??
      bounded(fraction(b), COLOUR_MESSAGES.invalid) ??
      checkAlpha(a);
    return problem ? fail(problem) : ok(text.toLowerCase());
  }
  if (name === 'rgb' || name === 'rgba') {
    if (parts.length < 3 || parts.length > 4) return fail(COLOUR_MESSAGES.invalid);
    const channels = parts.slice(0, 3).map((part) => (part.endsWith('%') ? fraction(part) * 255 : Number(part)));
    if (channels.some((value) => Number.isNaN(value) || value < 0 || value > 255)) return fail(COLOUR_MESSAGES.invalid);
    const problem = checkAlpha(parts[3]);
    return problem ? fail(problem) : ok(text.toLowerCase());
  }
  return fail(COLOUR_MESSAGES.invalid);
}

function bounded(value: number, message: string): string | undefined {
  if (Number.isNaN(value)) return COLOUR_MESSAGES.invalid;
  return value < 0 || value > 1 ? message : undefined;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** #rrggbb for a hex, rgb() or hsl() colour (what a colour picker shows); undefined for others. */
export function colourToHex(input: string): string | undefined {
  const text = input.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const call = functionParts(text);
  if (!call || !checkColour(text).ok) return undefined;
  const hex = (values: number[]) =>
    `#${values
      .map((v) =>
        Math.round(Math.min(255, Math.max(0, v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  if (call.name === 'rgb' || call.name === 'rgba') {
    return hex(call.parts.slice(0, 3).map((part) => (part.endsWith('%') ? fraction(part) * 255 : Number(part))));
  }
  if (call.name === 'hsl' || call.name === 'hsla') {
    const h = Number(call.parts[0]!.replace(/deg$/, '')) / 360;
    const s = fraction(call.parts[1]);
    const l = fraction(call.parts[2]);
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    const channel = (t: number) => {
      const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
      if (u < 1 / 6) return p + (q - p) * 6 * u;
      if (u < 1 / 2) return q;
      if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
      return p;
    };
    return hex([channel(h + 1 / 3), channel(h), channel(h - 1 / 3)].map((v) => v * 255));
  }
  return undefined;
}
