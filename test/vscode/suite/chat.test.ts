import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Turn } from '../../../src/core/types';
import { screenshot, waitFor } from './helpers';
import { test } from './runner';

test('@verity answers through a language model with references to the right passages', async () => {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('workbench.action.chat.open', {
    query: '@verity What is the online renewal fee?',
    modelSelector: { vendor: 'verity-fake', id: 'fake-1' },
  });
  const turn = await waitFor('the chat turn', () => vscode.commands.executeCommand<Turn | undefined>('verity.test.lastTurn'), 60_000);
  console.log(`# turn: ${turn.status}, ${turn.rounds.length} rounds; answer: ${turn.answer}`);
  const cited = turn.sentences.filter((s) => s.verdict === 'supported');
  assert.ok(cited.length >= 1, 'a supported sentence');
  const evidence = new Map(turn.evidence.map((e) => [e.n, e.passage]));
  const refPaths = cited.flatMap((s) => s.citations.map((n) => evidence.get(n)?.path));
  assert.ok(refPaths.includes('docs/renewal.md'), `cited: ${refPaths.join(', ')}`);
  assert.match(cited.map((s) => s.text).join(' '), /75 euros/);
  assert.ok(turn.sentences.some((s) => s.verdict === 'unsupported' && /drone/.test(s.text)), 'the unsupported sentence is marked');
  // Show the cited source beside the answer, as clicking [1] does.
  const source = evidence.get(cited[0]!.citations[0]!);
  if (source) await vscode.commands.executeCommand('verity.openEvidence', { path: source.path, kind: source.kind, startLine: source.startLine, endLine: source.endLine });
  await screenshot('chat.png');
}, 90_000);

async function chatResponse(query: string, command: string): Promise<string> {
  await vscode.commands.executeCommand('workbench.action.chat.open', { query, modelSelector: { vendor: 'verity-fake', id: 'fake-1' } });
  const r = await waitFor(`the /${command} response`, async () => {
    const last = await vscode.commands.executeCommand<{ command: string; prompt: string; markdown: string } | undefined>('verity.test.lastChatResponse');
    return last?.command === command && query.endsWith(last.prompt.trim()) && last.markdown ? last : undefined;
  }, 30_000);
  return r.markdown;
}

test('@verity /search lists matching passages with their locations', async () => {
  const md = await chatResponse('@verity /search replacement fee lost passport', 'search');
  assert.match(md, /^1\. \[docs\/travel\.md:L\d+(-L\d+)?\]\(file:\S+\/docs\/travel\.md#L\d+-L\d+ "[^"]+"\)/);
  assert.match(md, /120 euros/);
  const pdf = await chatResponse('@verity /search express renewal cost working days', 'search');
  // PDF passages link to their page through the report view.
  assert.match(pdf, /^1\. \[docs\/fees\.pdf, page 2\]\(command:verity\.openEvidence\?/);
});

test('@verity /check marks each sentence of pasted text', async () => {
  const md = await chatResponse('@verity /check The online renewal fee is 75 euros. The new passport arrives by post within 60 days of the application.', 'check');
  assert.match(md, /1 of 2 claims supported: 1 supported, 0 unsupported, 1 contradicted, 0 possibly contradicted\./);
  assert.match(md, /✅ The online renewal fee is 75 euros\./);
  assert.match(md, /⛔ The new passport arrives .* _\(contradicted: .*30.*\)_ — \[docs\/renewal\.md:L7\]/);
});
