/**
 * The facade over a search port, run against every adapter (the in-process segment store and a
 * real PostgreSQL, the latter skipped without VERITY_TEST_PG): `ask` runs the verify-and-revise
 * loop over the port with the scripted OpenAI-compatible server and gives the verdicts of a
 * facade over the plain local index; `check` and `ask` read the glossary of the folder the
 * reader works in.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerity } from '../../../src/core/verity';
import { VerityError } from '../../../src/core/errors';
import type { PdfTextPort } from '../../../src/core/ports';
import type { Turn } from '../../../src/core/types';
import { createFsWorkspace } from '../../../src/node/fsWorkspace';
import { createOpenAIModel } from '../../../src/node/openaiModel';
import { startMockServer, type ChatScript, type MockServer } from '../../support/mockServer';
import { numberOf } from '../loop/fixture';
import { ADAPTERS, CORPUS, fileOf, writeCorpus } from './portHarness';

const noPdf: PdfTextPort = {
  async extract() {
    throw new VerityError('PDF_UNREADABLE', 'no PDFs here');
  },
};
const LAMP = ['devices/lamp.md', '# Lamp\n\nThe status light of the lamp turns green while the battery is charging.\n'] as const;
const LEAVE = 'Employees get 25 days of annual leave per year';

const dirs: string[] = [];
const servers: MockServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'verity-overport-'));
  dirs.push(dir);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  }
  return dir;
}

async function modelWith(script: ChatScript) {
  const server = await startMockServer({ chat: script });
  servers.push(server);
  return { server, model: createOpenAIModel({ baseURL: server.url, model: 'mock-model' }) };
}

/** A wrong citation first: the loop's citation check (checkSentence) must correct it. */
const wrongCitation: ChatScript = (req) => ({ text: `${LEAVE} [${numberOf(req, 'Passwords must be rotated')}].` });

const view = (t: Turn) => t.sentences.map((s) => [s.verdict, s.evidence?.path, s.citations, s.reason]);

for (const adapter of ADAPTERS) {
  describe(`the facade over a search port: ${adapter.name}`, { skip: adapter.skip }, () => {
    test('ask runs the loop over the port: the answer, its verdicts and corrected citations are those of a local index', async () => {
      const { writer, reader } = await adapter.open('ask');
      const port = await reader();
      try {
        await writeCorpus(writer);
        const { server, model } = await modelWith(wrongCitation);
        const overPort = createVerity({ workspace: createFsWorkspace(folder({})), pdf: noPdf, searchPort: port, model });
        await overPort.load();
        const turn = await overPort.ask('How many days of annual leave do employees get?');
        assert.equal(turn.status, 'answered', JSON.stringify(turn.error));
        assert.equal(turn.sentences[0]!.verdict, 'supported');
        assert.equal(turn.sentences[0]!.evidence?.path, 'handbook/leave.md');
        assert.match(turn.sentences[0]!.reason, /citation corrected/);
        assert.equal(server.chatCalls(), 1);

        // the same documents on disk, indexed by a facade without a port
        const { model: model2 } = await modelWith(wrongCitation);
        const local = createVerity({ workspace: createFsWorkspace(folder(Object.fromEntries(CORPUS))), pdf: noPdf, model: model2, options: { passageMinWords: 1, passageMaxWords: 120 } });
        await local.indexWorkspace();
        const want = await local.ask('How many days of annual leave do employees get?');
        assert.deepEqual(view(turn), view(want));
        assert.deepEqual(turn.evidence.map((e) => e.passage.id), want.evidence.map((e) => e.passage.id));
      } finally {
        if (port !== writer) await port.close();
        await writer.close();
      }
    });

    test('check and ask over the port read verity.glossary.json in the reader\'s folder', async () => {
      const { writer, reader } = await adapter.open('glossary');
      const port = await reader();
      try {
        await writeCorpus(writer);
        const lamp = fileOf(...LAMP);
        await writer.writeFile(lamp.record, lamp.passages);
        await writer.flush();
        const claim = 'The status light of the lamp turns blue while the battery is charging.';
        const plain = createVerity({ workspace: createFsWorkspace(folder({})), pdf: noPdf, searchPort: port });
        await plain.load();
        assert.notEqual((await plain.check(claim)).sentences[0]!.verdict, 'contradicted');
        const withGlossary = createVerity({
          workspace: createFsWorkspace(folder({ 'verity.glossary.json': JSON.stringify({ exclusive: [['green', 'blue']] }) })),
          pdf: noPdf,
          searchPort: port,
          model: (await modelWith(() => ({ text: `${claim.slice(0, -1)} [1].` }))).model,
          options: { maxRounds: 1 },
        });
        await withGlossary.load();
        const v = (await withGlossary.check(claim)).sentences[0]!;
        assert.equal(v.verdict, 'contradicted', v.reason);
        assert.match(v.reason, /green/);
        assert.equal(v.evidence?.path, 'devices/lamp.md');
        const turn = await withGlossary.ask('What colour is the status light of the lamp while charging?');
        assert.equal(turn.sentences[0]!.verdict, 'contradicted', turn.sentences[0]!.reason);
      } finally {
        if (port !== writer) await port.close();
        await writer.close();
      }
    });
  });
}
