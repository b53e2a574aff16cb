/**
 * File names in chat links are data: a name holding `")` cannot end the link title and inject
 * markdown or a `command:` link; evidence paths that leave the workspace are refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { marked, type Token } from 'marked';
import { markdownLink } from '../../../src/vscode/markdownLink';
import { isSafeRelativePath } from '../../../src/core/index/storeValidation';

function links(tokens: Token[], out: Array<{ href: string; title?: string | null }> = []): Array<{ href: string; title?: string | null }> {
  for (const t of tokens) {
    if (t.type === 'link') out.push({ href: (t as { href: string }).href, title: (t as { title?: string | null }).title });
    const children = (t as { tokens?: Token[] }).tokens;
    if (children) links(children, out);
  }
  return out;
}

test('a hostile file name stays inside its link title', () => {
  const names = [
    'docs/evil") [click](command:workbench.action.terminal.new) ("x.md:L1-L2',
    "docs/evil') ![img](https://evil.example/t.png) ('.md:L1",
    'docs/a"\n\n[run](command:verity.rebuildIndex)\n.md:L3',
    'docs/a\\") <command:x> `code` *b* _i_.md:L1',
  ];
  for (const name of names) {
    const md = `The warranty lasts two years ${markdownLink('\\[1\\]', 'file:///ws/docs/a.md#L1-L2', name)}.`;
    const found = links(marked.lexer(md));
    assert.equal(found.length, 1, md);
    assert.equal(found[0]!.href, 'file:///ws/docs/a.md#L1-L2');
    const html = marked.parse(md) as string;
    assert.doesNotMatch(html, /href="command:|<img|<code>|<em>|<strong>/, html);
  }
});

test('evidence paths that leave the workspace are refused', () => {
  for (const bad of ['../../etc/passwd', 'docs/../../x.md', '/etc/passwd', 'C:/x.md', 'a\\..\\b.md', '', 'docs//a.md', './a.md']) assert.equal(isSafeRelativePath(bad), false, bad);
  for (const good of ['a.md', 'docs/sub/b.pdf', 'folder name/with spaces/c.md', 'docs/..hidden.md', 'docs/back\\slash.md', 'docs/evil\x1b]0;t\x07name.md']) assert.equal(isSafeRelativePath(good), true, good);
});
