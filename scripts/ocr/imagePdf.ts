/**
 * Test and benchmark helper: an image-only ("scanned") PDF made from greyscale page rasters,
 * and poppler's `pdftoppm` to render a real PDF's pages into such rasters. Never used by the
 * product (poppler is not shipped); the product reads these PDFs like any scan.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

/** A page with a real text layer (Helvetica lines from the top), for mixed documents. */
export interface TextPage {
  lines: string[];
  widthPt?: number;
  heightPt?: number;
}

export interface GrayPage {
  width: number;
  height: number;
  gray: Uint8Array;
  /** Page size in points (default: the raster at 150 DPI). */
  widthPt?: number;
  heightPt?: number;
}

/** Writes a PDF with one full-page DeviceGray image per page and no text layer (text pages as given). */
export function imageOnlyPdf(pages: Array<GrayPage | TextPage>): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string): number => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add(''); // placeholders, filled in below
  const pagesObj = add('');
  const kids: number[] = [];
  let font = 0;
  for (const p of pages) {
    if ('lines' in p) {
      font ||= add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
      const w = p.widthPt ?? 612;
      const h = p.heightPt ?? 792;
      const escape = (t: string): string => t.replace(/[\\()]/g, (c) => `\\${c}`);
      const text = `BT /F1 12 Tf 14 TL 72 ${h - 72} Td ${p.lines.map((l) => `(${escape(l)}) Tj T*`).join(' ')} ET`;
      const contents = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
      kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`));
      continue;
    }
    const wPt = p.widthPt ?? (p.width * 72) / 150;
    const hPt = p.heightPt ?? (p.height * 72) / 150;
    const data = deflateSync(p.gray);
    const image = add(
      Buffer.concat([
        Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${p.width} /Height ${p.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    const content = `q ${wPt.toFixed(2)} 0 0 ${hPt.toFixed(2)} 0 0 cm /Im0 Do Q`;
    const contents = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${wPt.toFixed(2)} ${hPt.toFixed(2)}] /Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${contents} 0 R >>`));
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesObj} 0 R >>`, 'latin1');
  objects[pagesObj - 1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1');
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let offset = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** Parses a binary PGM (P5, 8-bit) file. */
export function readPgm(bytes: Buffer): GrayPage {
  const header = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 200).toString('latin1'));
  if (!header || header[3] !== '255') throw new Error('not an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, gray: new Uint8Array(bytes.subarray(header[0].length, header[0].length + width * height)) };
}

/**
 * Renders pages of a PDF to greyscale rasters with poppler's pdftoppm (benchmarks and fixture
 * generation only), keeping each page's size in points.
 */
export function renderWithPoppler(pdfPath: string, pages: number[], dpi: number): GrayPage[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verity-ocr-render-'));
  try {
    const out: GrayPage[] = [];
    for (const n of pages) {
      execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(n), '-l', String(n), pdfPath, path.join(dir, `p${n}`)], { stdio: 'ignore', timeout: 60_000 });
      const file = readdirSync(dir).find((f) => f.startsWith(`p${n}-`) && f.endsWith('.pgm'));
      if (!file) throw new Error(`pdftoppm made no image for page ${n}`);
      const page = readPgm(readFileSync(path.join(dir, file)));
      rmSync(path.join(dir, file));
      out.push({ ...page, widthPt: (page.width * 72) / dpi, heightPt: (page.height * 72) / dpi });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
