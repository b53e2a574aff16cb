/**
 * A page's images drawn into one greyscale raster, without a canvas package: walk pdf.js's
 * operator list keeping the current transformation matrix, fetch each painted image decoded by
 * pdf.js (`page.objs`), and resample it into a page-sized raster by inverse mapping. This is
 * what a scanner produces (one image per page, sometimes in strips, rotated, or as a 1-bit
 * mask), and it keeps the pixel ↔ page-point mapping needed for word boxes.
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

type Matrix = [number, number, number, number, number, number];

/** An image as pdf.js hands it over once decoded (`kind`: 1 = 1 bit/px, 2 = RGB, 3 = RGBA). */
interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

interface Placed {
  image: DecodedImage;
  /** Image unit square → page viewport points (top-left origin). */
  matrix: Matrix;
  mask: boolean;
}

export interface PageRaster {
  gray: Uint8Array;
  width: number;
  height: number;
  /** Raster pixels per page point. */
  scale: number;
  /** Page size in points. */
  pageWidth: number;
  pageHeight: number;
}

export interface RasterLimits {
  /** Resolution the raster aims for, in pixels per point (300 DPI = 4.17). */
  maxScale: number;
  minScale: number;
  /** Raster size limit in pixels. */
  maxPixels: number;
  /** Ignore images smaller than this many pixels (icons, bullets, rules). */
  minImagePixels: number;
}

export const DEFAULT_RASTER_LIMITS: RasterLimits = { maxScale: 300 / 72, minScale: 2, maxPixels: 30_000_000, minImagePixels: 10_000 };

function multiply(m: Matrix, n: Matrix): Matrix {
  // m applied after n: p' = m(n(p))
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function invert(m: Matrix): Matrix | undefined {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function isMatrix(v: unknown): v is Matrix {
  return Array.isArray(v) && v.length === 6 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
}

function resolveObj(page: pdfjs.PDFPageProxy, id: string): Promise<DecodedImage | undefined> {
  const objs = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      (objs as unknown as { get(id: string, cb: (v: unknown) => void): void }).get(id, (v) => resolve(asImage(v)));
    } catch {
      resolve(undefined);
    }
  });
}

function asImage(v: unknown): DecodedImage | undefined {
  const o = v as DecodedImage | null | undefined;
  if (!o || !Number.isInteger(o.width) || !Number.isInteger(o.height) || o.width <= 0 || o.height <= 0 || !o.data) return undefined;
  return o;
}

/** The images a page paints, each with its placement on the page. */
async function placedImages(page: pdfjs.PDFPageProxy, viewport: pdfjs.PageViewport): Promise<Placed[]> {
  const ops = await page.getOperatorList();
  const OPS = pdfjs.OPS;
  const out: Placed[] = [];
  let ctm: Matrix = [...(viewport.transform as Matrix)];
  const stack: Matrix[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.transform:
        if (args && isMatrix(args)) ctm = multiply(ctm, args);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push(ctm);
        if (args && isMatrix(args[0])) ctm = multiply(ctm, args[0]);
        break;
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.paintImageXObject: {
        const id = args?.[0];
        if (typeof id !== 'string') break;
        const image = await resolveObj(page, id);
        if (image) out.push({ image, matrix: ctm, mask: false });
        break;
      }
      case OPS.paintInlineImageXObject: {
        const image = asImage(args?.[0]);
        if (image) out.push({ image, matrix: ctm, mask: false });
        break;
      }
      case OPS.paintImageMaskXObject: {
        const image = asImage(args?.[0]);
        if (image) out.push({ image: { ...image, kind: 1 }, matrix: ctm, mask: true });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** Luminance of one source pixel, 0 (black) – 255 (white). */
function sample(img: DecodedImage, x: number, y: number, mask: boolean): number {
  const data = img.data!;
  switch (img.kind) {
    case 1: {
      const stride = (img.width + 7) >> 3;
      const bit = (data[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
      // pdf.js decodes both 1-bit images and stencil masks so that a set bit is the light side.
      return mask ? (bit ? -1 : 0) : bit ? 255 : 0;
    }
    case 3: {
      const p = (y * img.width + x) * 4;
      const a = data[p + 3]! / 255;
      return Math.round((0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!) * a + 255 * (1 - a));
    }
    default: {
      const p = (y * img.width + x) * 3;
      return Math.round(0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!);
    }
  }
}

/**
 * Draws the page's images into one greyscale raster at about the images' own resolution
 * (bounded by `limits`), or returns undefined when the page paints no image large enough to
 * hold text.
 */
export async function rasterizePageImages(page: pdfjs.PDFPageProxy, limits: RasterLimits = DEFAULT_RASTER_LIMITS): Promise<PageRaster | undefined> {
  const viewport = page.getViewport({ scale: 1 });
  const pageWidth = viewport.width;
  const pageHeight = viewport.height;
  const images = (await placedImages(page, viewport)).filter((p) => p.image.width * p.image.height >= limits.minImagePixels && invert(p.matrix));
  if (images.length === 0 || !(pageWidth > 0 && pageHeight > 0)) return undefined;

  // Resolution: the largest image's pixels per point along its longer side.
  let native = 0;
  for (const p of images) {
    const side = Math.max(Math.hypot(p.matrix[0], p.matrix[1]), Math.hypot(p.matrix[2], p.matrix[3]));
    native = Math.max(native, Math.max(p.image.width, p.image.height) / Math.max(side, 1e-6));
  }
  let scale = Math.min(Math.max(native, limits.minScale), limits.maxScale);
  scale = Math.min(scale, Math.sqrt(limits.maxPixels / (pageWidth * pageHeight)));
  const width = Math.max(1, Math.round(pageWidth * scale));
  const height = Math.max(1, Math.round(pageHeight * scale));
  const gray = new Uint8Array(width * height).fill(255);

  for (const p of images) {
    const inv = invert(p.matrix)!;
    // Raster rows and columns the image covers.
    const corners = [apply(p.matrix, 0, 0), apply(p.matrix, 1, 0), apply(p.matrix, 0, 1), apply(p.matrix, 1, 1)];
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0])) * scale));
    const x1 = Math.min(width, Math.ceil(Math.max(...corners.map((c) => c[0])) * scale));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1])) * scale));
    const y1 = Math.min(height, Math.ceil(Math.max(...corners.map((c) => c[1])) * scale));
    const { width: iw, height: ih } = p.image;
    for (let y = y0; y < y1; y++) {
      const py = (y + 0.5) / scale;
      for (let x = x0; x < x1; x++) {
        const [u, v] = apply(inv, (x + 0.5) / scale, py);
        if (u < 0 || u >= 1 || v < 0 || v >= 1) continue;
        // The image's first row sits at the top of its unit square (v = 1).
        const value = sample(p.image, Math.floor(u * iw), Math.min(ih - 1, Math.floor((1 - v) * ih)), p.mask);
        if (value >= 0) gray[y * width + x] = value;
      }
    }
  }
  return { gray, width, height, scale, pageWidth, pageHeight };
}
