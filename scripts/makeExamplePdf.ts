// Writes examples/workspace/warranty-terms.pdf: a real multi-page PDF with a text layer and a
// metadata title, made by a tiny PDF writer (Helvetica text objects, an exact xref table), so
// the example workspace needs no external tool. Usage: npx tsx scripts/makeExamplePdf.ts [out.pdf]
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const TITLE = 'Quillfeather Limited Warranty Terms';

/** One page: headings (bold, larger) and paragraphs, laid out top to bottom. */
type Block = { h: string } | { p: string };

const pages: Block[][] = [
  [
    { h: TITLE },
    { p: 'Effective 1 January 2026. These terms apply to products sold by Quillfeather, Inc., Columbus, Ohio, to customers in the United States and Canada, directly or through an authorised reseller.' },
    { h: '1. Coverage' },
    { p: 'Quillfeather warrants that the Quill Desk Lamp (QL-200) and the Quill Floor Lamp (QL-500) are free from defects in materials and workmanship for 2 years from the date of delivery. Accessories, including clamps, arms and USB-C power adapters, are covered for 1 year. Refurbished lamps are covered for 1 year.' },
    { p: 'A repaired or replacement product is covered for the remainder of the original warranty period or for 90 days, whichever is longer. The warranty is given only to the original purchaser and to anyone who receives the product as a gift.' },
    { h: '2. What this warranty does not cover' },
    { p: 'This warranty does not cover damage caused by accidents, drops, liquids, fire, power surges or other external causes; normal wear, including scratches and fading of the finish; use outdoors or in commercial installations; or products opened, modified or repaired by anyone other than Quillfeather or an authorised service partner.' },
    { p: 'Light output of LED modules declines slowly over time. A module that still delivers at least 70 percent of its original brightness is not considered defective.' },
  ],
  [
    { h: '3. How to make a claim' },
    { p: 'To make a claim, open a warranty request in the Quillfeather support portal before the warranty period ends. Include your order number, the serial number printed under the base of the lamp, and a description of the fault. Photos or a short video help us decide faster.' },
    { p: 'We answer every claim within 2 business days. We may ask you to try simple troubleshooting steps first, such as resetting the touch controls or testing another power outlet.' },
    { h: '4. What we will do' },
    { p: 'If your claim is approved, we will at our option repair the product or replace it with the same or an equivalent model. We ship the repaired or replacement product within 10 business days of approval and pay the shipping costs in both directions.' },
    { p: 'If we can neither repair nor replace the product, we refund the purchase price you paid. Replaced parts and products become the property of Quillfeather.' },
    { p: 'During the first 30 days after delivery you may instead return a faulty product for a full refund under the Returns and Refunds Policy.' },
  ],
  [
    { h: '5. Limits of liability' },
    { p: 'This warranty gives you specific legal rights, and you may also have other rights that vary by state or province. To the extent permitted by law, Quillfeather is not liable for indirect, incidental or consequential damages, and our total liability is limited to the price paid for the product.' },
    { p: 'Nothing in these terms limits any rights you have under consumer protection laws that cannot be waived.' },
    { h: '6. Contact' },
    { p: 'Quillfeather, Inc., Customer Care, 400 North High Street, Columbus, OH 43215. Email warranty@quillfeather.example. Support hours are 9 a.m. to 6 p.m. Eastern Time, Monday to Friday.' },
  ],
];

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 72;
const BODY = { font: 'F1', size: 11, leading: 15, wrap: 92 };
const HEAD = { font: 'F2', size: 14, leading: 20, wrap: 60 };

/** Greedy word wrap by character count: good enough for Helvetica at these sizes. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A PDF literal string: only printable ASCII is used, so escaping \ ( ) is enough. */
function pdfString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function pageContent(blocks: Block[], n: number, total: number): string {
  const ops: string[] = [];
  let y = PAGE_H - MARGIN;
  for (const block of blocks) {
    const style = 'h' in block ? HEAD : BODY;
    const text = 'h' in block ? block.h : block.p;
    if ('h' in block) y -= 6;
    for (const line of wrap(text, style.wrap)) {
      ops.push(`BT /${style.font} ${style.size} Tf 1 0 0 1 ${MARGIN} ${y} Tm ${pdfString(line)} Tj ET`);
      y -= style.leading;
    }
    y -= 8; // paragraph spacing
  }
  ops.push(`BT /F1 9 Tf 1 0 0 1 ${MARGIN} 40 Tm ${pdfString(`${TITLE} - page ${n} of ${total}`)} Tj ET`);
  return ops.join('\n') + '\n';
}

/** Serialises numbered objects with a cross-reference table whose offsets are exact. */
function buildPdf(): Buffer {
  const objects: string[] = []; // objects[i] is object number i + 1
  const add = (body: string): number => objects.push(body);
  const catalog = add(''); // filled once the page tree exists
  const pagesObj = add('');
  const fontRegular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const fontBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(`<< /Title ${pdfString(TITLE)} /Author (Quillfeather Customer Care) /Producer (verity makeExamplePdf) /CreationDate (D:20260101000000Z) >>`);
  const kids: number[] = [];
  pages.forEach((blocks, i) => {
    const content = pageContent(blocks, i + 1, pages.length);
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
          `/Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const target = process.argv[2] ?? path.join(__dirname, '..', 'examples', 'workspace', 'warranty-terms.pdf');
writeFileSync(target, buildPdf());
console.log(`wrote ${target} (${pages.length} pages)`);
