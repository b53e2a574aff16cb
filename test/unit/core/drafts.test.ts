import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity, DEFAULT_DRAFTS } from '../../../src/core/verity';
import { VerityError } from '../../../src/core/errors';
import type { ChatMessage, ModelPort, PdfTextPort } from '../../../src/core/ports';
import { globMatcher } from '../../../src/core/glob';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';

const noPdf: PdfTextPort = {
  async extract() {
    throw new VerityError('PDF_UNREADABLE', 'no PDFs here');
  },
};

const INVENTED = 'Renewed passports are delivered by drone to the applicant’s roof within two hours.';
const FILES: Record<string, string> = {
  'docs/renewal.md': '# Renewal\n\nThe online renewal fee is 75 euros. The new passport arrives by post within 30 days of the application.\n',
  'notes/draft.md': `# Draft answer\n\n${INVENTED}\n`,
  'notes/notes.md': `# Notes\n\nTo check: ${INVENTED}\n`,
};

function workspace(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-drafts-'));
  for (const [rel, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  }
  return dir;
}

test('a draft is listed but never indexed nor evidence: an invented claim is not supported by the draft that invented it', async (t) => {
  const dir = workspace();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const withDrafts = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf });
  await withDrafts.indexWorkspace();
  assert.ok(withDrafts.files().some((f) => f.path === 'notes/draft.md' && f.state === 'skipped' && f.reason === 'DRAFT'), 'the draft is listed as a draft');
  assert.ok(!(await withDrafts.search('drone roof two hours', { k: 5 })).some((h) => h.passage.path === 'notes/draft.md'), 'its words are not in the index (nor in its statistics)');
  const checked = await withDrafts.check(INVENTED, { excludePaths: ['notes/notes.md'] });
  assert.notEqual(checked.sentences[0]?.verdict, 'supported');
  assert.notEqual(checked.sentences[0]?.evidence?.path, 'notes/draft.md');
  assert.ok(checked.sentences[0]?.alternatives.every((a) => a.path !== 'notes/draft.md'), 'no alternative from the draft either');

  // The same workspace with no drafts configured: the draft supports the claim (the old behaviour).
  const noDrafts = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf, options: { drafts: [] } });
  await noDrafts.indexWorkspace();
  const naive = await noDrafts.check(INVENTED, { excludePaths: ['notes/notes.md'] });
  assert.equal(naive.sentences[0]?.verdict, 'supported');
  assert.equal(naive.sentences[0]?.evidence?.path, 'notes/draft.md');

  // Per-call globs (the CLI's --drafts, on a store indexed without them) replace the configured ones.
  const perCall = await noDrafts.check(INVENTED, { excludePaths: ['notes/notes.md'], drafts: ['notes/draft.md'] });
  assert.notEqual(perCall.sentences[0]?.verdict, 'supported');
});

test('drafts are never evidence for an answer either', async (t) => {
  const dir = workspace();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const prompts: string[] = [];
  const model: ModelPort = {
    id: 'recorder',
    async chat(messages: ChatMessage[]) {
      prompts.push(messages.map((m) => m.content).join('\n'));
      return { text: 'The documents do not say.' };
    },
  };
  const v = createVerity({ workspace: createFsWorkspace(dir), pdf: noPdf, model });
  await v.indexWorkspace();
  const turn = await v.ask('How are renewed passports delivered, by drone?');
  assert.ok(prompts.length > 0, 'the model was asked');
  assert.ok(turn.evidence.every((e) => !e.passage.path.startsWith('notes/draft')), `evidence: ${turn.evidence.map((e) => e.passage.path).join(', ')}`);
  assert.ok(!prompts.some((p) => p.includes('roof within two hours') && p.includes('draft.md')), 'the draft text never reaches the model as evidence');
});

test('the default draft globs match draft-named files and drafts folders, not ordinary documents', () => {
  const isDraft = globMatcher(DEFAULT_DRAFTS);
  for (const p of ['draft.md', 'notes/draft.md', 'drafts/answer.md', 'a/drafts/b/c.md', 'blog/draft-launch.md', 'launch-draft.markdown', 'launch.draft.mdx']) assert.ok(isDraft(p), p);
  for (const p of ['docs/renewal.md', 'drafting-guide.md', 'docs/draftsman.md', 'handbook/fees.pdf', 'drafts.md']) assert.ok(!isDraft(p), p);
});
