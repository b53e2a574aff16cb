/**
 * Webview tests in a real Chromium (/usr/bin/chromium via playwright-core): the report and the
 * conversation panel. Needs a build (`npm run build`): serves dist/webview with the production
 * HTML and CSP, plays the host's side of each protocol (hostStub.ts, panelStub.ts), and writes
 * screenshots to out/screenshots/webview/ (ignored by git; VERITY_SCREENSHOT_DIR writes them
 * elsewhere, e.g. `npm run screenshots` into docs/screenshots/). Prints `N passed, N failed` and
 * exits non-zero on failure.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { makePdf } from '../fixtures/report/makePdf';
import { PDF_PAGES, PDF_PASSAGE_ID, PDF_PATH } from '../fixtures/report/reportFixtures';
import { HostStub, type PdfFixture } from './hostStub';
import { PanelStub } from './panelStub';
import { panelTests } from './panelTests';
import { startServer, type TestServer } from './server';
import { reportTests, type ReportTest } from './reportTests';
import { waitUntil } from './wait';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist/webview');
const CHROMIUM = '/usr/bin/chromium';

export interface Ctx {
  page: Page;
  host: HostStub;
  /** The host's side for the conversation panel's page. */
  panel: PanelStub;
  server: TestServer;
  pdf: PdfFixture;
  shotsDir: string;
  /** Loads a fresh page (new host stubs) of the view at the given viewport width. */
  reload(width?: number, view?: 'report' | 'panel'): Promise<void>;
}

/** Boxes of the passage's text items on its page, computed in Node with pdf.js as the ingester does. */
async function pdfFixture(): Promise<PdfFixture> {
  const bytes = makePdf(PDF_PAGES);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, disableFontFace: true }).promise;
  const pageNo = 2;
  const page = await doc.getPage(pageNo);
  const vp = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const wanted = new Set([PDF_PAGES[1]![1]!, PDF_PAGES[1]![2]!]);
  const boxes = [];
  for (const item of content.items) {
    if (!('str' in item) || !wanted.has(item.str)) continue;
    const [x, baseline] = vp.convertToViewportPoint(item.transform[4], item.transform[5]) as [number, number];
    boxes.push({ x, y: baseline - item.height, w: item.width, h: item.height });
  }
  await doc.destroy();
  if (boxes.length !== 2) throw new Error(`fixture PDF: expected 2 passage items, found ${boxes.length}`);
  return { path: PDF_PATH, passageId: PDF_PASSAGE_ID, bytes, page: pageNo, boxes, pageWidth: vp.width, pageHeight: vp.height };
}

async function main(): Promise<number> {
  if (!existsSync(CHROMIUM)) {
    console.error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium).`);
    return 1;
  }
  for (const f of ['main.js', 'panel.js', 'pdf.min.mjs', 'pdf.worker.min.mjs']) {
    if (!existsSync(path.join(dist, f))) {
      console.error(`dist/webview/${f} is missing: run \`npm run build\` first.`);
      return 1;
    }
  }
  const pdf = await pdfFixture();
  const server = await startServer(dist);
  const userDir = mkdtempSync(path.join(os.tmpdir(), 'verity-webview-'));
  const shotsDir = process.env.VERITY_SCREENSHOT_DIR ? path.resolve(process.env.VERITY_SCREENSHOT_DIR) : path.join(root, 'out/screenshots/webview');
  mkdirSync(shotsDir, { recursive: true });
  let context: BrowserContext | undefined;
  let passed = 0;
  let failed = 0;
  try {
    // A persistent context on a fresh temporary profile: nothing from the machine's profile leaks in.
    const browser = await chromium.launchPersistentContext(userDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 760, height: 900 },
      deviceScaleFactor: 1,
    });
    context = browser;
    let page = await browser.newPage();
    const errors: string[] = [];
    const ctx: Ctx = {
      page,
      host: new HostStub(page, pdf),
      panel: new PanelStub(page),
      server,
      pdf,
      shotsDir,
      async reload(width = 760, view = 'report') {
        await page.close();
        page = await browser.newPage();
        await page.setViewportSize({ width, height: 900 });
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        ctx.page = page;
        if (view === 'panel') {
          ctx.panel = new PanelStub(page);
          await ctx.panel.attach();
          await page.goto(`${server.origin}/panel`);
          await page.waitForFunction(() => customElements.get('vscode-textarea') !== undefined);
          await waitUntil(() => ctx.panel.of('ready').length > 0, 'the panel to post ready');
        } else {
          ctx.host = new HostStub(page, pdf);
          await ctx.host.attach();
          await page.goto(`${server.origin}/`);
          await page.waitForFunction(() => customElements.get('vscode-collapsible') !== undefined);
          await waitUntil(() => ctx.host.of('ready').length > 0, 'the webview to post ready');
        }
      },
    };
    const all: Array<ReportTest & { view?: 'report' | 'panel' }> = [...reportTests, ...panelTests.map((t) => ({ ...t, view: 'panel' as const }))];
    for (const t of all) {
      errors.length = 0;
      try {
        await ctx.reload(t.width, t.view);
        await t.run(ctx);
        const unexpected = errors.filter((e) => !t.expectedErrors?.test(e));
        if (unexpected.length) throw new Error(`page errors: ${unexpected.join(' | ')}`);
        passed++;
        console.log(`  ✓ ${t.name}`);
      } catch (e) {
        failed++;
        console.log(`  ✗ ${t.name}\n      ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  } finally {
    await context?.close();
    await server.close();
    rmSync(userDir, { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
