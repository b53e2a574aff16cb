/**
 * pdf.js (legacy build) creates a `DOMMatrix` when its module loads and takes the class from the
 * optional `@napi-rs/canvas` package in Node. The packaged extension ships no canvas (32 MB of
 * native code that text extraction never uses), so without this every PDF failed with
 * "DOMMatrix is not defined". Import this module before pdf.js: when neither the platform nor the
 * canvas package provides the class, it installs a small 2-D affine matrix with the operations
 * pdf.js uses. Text extraction and image decoding never render, so nothing else is needed.
 */
import { createRequire } from 'node:module';

type Init = ArrayLike<number> | undefined;

/** A 2-D affine matrix [a b c d e f] with the DOMMatrix methods pdf.js calls. */
export class AffineMatrix {
  a = 1;
  b = 0;
  c = 0;
  d = 1;
  e = 0;
  f = 0;

  constructor(init?: Init) {
    if (init && init.length >= 6) [this.a, this.b, this.c, this.d, this.e, this.f] = Array.from(init).slice(0, 6) as [number, number, number, number, number, number];
  }

  get is2D(): boolean {
    return true;
  }

  get isIdentity(): boolean {
    return this.a === 1 && this.b === 0 && this.c === 0 && this.d === 1 && this.e === 0 && this.f === 0;
  }

  /** this = this × m */
  multiplySelf(m: AffineMatrix | Init): this {
    const o = m instanceof AffineMatrix ? m : new AffineMatrix(m);
    return this.set(
      this.a * o.a + this.c * o.b, this.b * o.a + this.d * o.b,
      this.a * o.c + this.c * o.d, this.b * o.c + this.d * o.d,
      this.a * o.e + this.c * o.f + this.e, this.b * o.e + this.d * o.f + this.f,
    );
  }

  /** this = m × this */
  preMultiplySelf(m: AffineMatrix | Init): this {
    const o = m instanceof AffineMatrix ? m : new AffineMatrix(m);
    const r = new AffineMatrix([o.a, o.b, o.c, o.d, o.e, o.f]).multiplySelf(this);
    return this.set(r.a, r.b, r.c, r.d, r.e, r.f);
  }

  multiply(m: AffineMatrix | Init): AffineMatrix {
    return this.copy().multiplySelf(m);
  }

  translateSelf(x = 0, y = 0): this {
    return this.multiplySelf([1, 0, 0, 1, x, y]);
  }

  translate(x = 0, y = 0): AffineMatrix {
    return this.copy().translateSelf(x, y);
  }

  scaleSelf(sx = 1, sy = sx): this {
    return this.multiplySelf([sx, 0, 0, sy, 0, 0]);
  }

  scale(sx = 1, sy = sx): AffineMatrix {
    return this.copy().scaleSelf(sx, sy);
  }

  invertSelf(): this {
    const det = this.a * this.d - this.b * this.c;
    if (!det) return this.set(NaN, NaN, NaN, NaN, NaN, NaN);
    return this.set(
      this.d / det, -this.b / det, -this.c / det, this.a / det,
      (this.c * this.f - this.d * this.e) / det, (this.b * this.e - this.a * this.f) / det,
    );
  }

  inverse(): AffineMatrix {
    return this.copy().invertSelf();
  }

  transformPoint(p: { x?: number; y?: number } = {}): { x: number; y: number; z: number; w: number } {
    const x = p.x ?? 0;
    const y = p.y ?? 0;
    return { x: this.a * x + this.c * y + this.e, y: this.b * x + this.d * y + this.f, z: 0, w: 1 };
  }

  private copy(): AffineMatrix {
    return new AffineMatrix([this.a, this.b, this.c, this.d, this.e, this.f]);
  }

  private set(a: number, b: number, c: number, d: number, e: number, f: number): this {
    Object.assign(this, { a, b, c, d, e, f });
    return this;
  }
}

/** True when the optional canvas package can be loaded (pdf.js then takes its DOMMatrix). */
function canvasAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('@napi-rs/canvas');
    return true;
  } catch {
    return false;
  }
}

const g = globalThis as { DOMMatrix?: unknown };
if (g.DOMMatrix === undefined && !canvasAvailable()) g.DOMMatrix = AffineMatrix;
