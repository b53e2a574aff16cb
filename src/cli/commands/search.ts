import { flag, numberFlag, usageError } from '../args';
import { commandFunction } from '../command';
import { OPEN_FLAGS, type CommandSpec } from '../spec';
import { EXIT_OK } from '../io';
import { locationText } from '../location';
import { printable, shownPath } from '../printable';
import { openOptionsFromFlags, openVerity } from '../openVerity';

/** `verity search`: the passages that best match a query, with exact locations. */
export const searchSpec: CommandSpec = {
  name: 'search',
  args: '"<query>"',
  summary: 'List the passages that best match a query, with file:line or file#page=N.',
  details: [
    'Paths are relative to the indexed folder, in the text and in --json ("path"; "location" adds',
    ':line for markdown or #page=N for PDF).',
  ],
  flags: [
    { name: 'k', value: 'N', default: '5', range: { min: 1, max: 1000, integer: true }, help: 'how many passages to show (1–1000)' },
    { name: 'json', help: 'print the passages as a JSON array' },
    { name: 'path', value: '<prefix>', help: 'only files whose path (relative to the indexed folder) starts with this' },
    { name: 'kind', value: 'md|pdf', help: 'only markdown or only PDF passages' },
    ...OPEN_FLAGS,
  ],
  examples: ['verity search "how do I renew my license" --k 3', 'verity search "warranty" --docs examples/workspace --kind pdf --json'],
  run: async (parsed, io) => {
    const query = parsed.positional.join(' ').trim();
    if (!query) throw usageError('the query is empty: give the words to look for, e.g. verity search "renew a license"');
    const kind = flag(parsed, 'kind');
    if (kind !== undefined && kind !== 'md' && kind !== 'pdf') throw usageError(`--kind must be md or pdf, got "${kind}"`);
    const k = numberFlag(parsed, 'k', 5);
    const verity = await openVerity(openOptionsFromFlags(parsed, io));
    const hits = await verity.search(query, { k, pathPrefix: flag(parsed, 'path'), kind });
    if (parsed.flags.has('json')) {
      const rows = hits.map((h) => ({
        location: locationText(h.passage, h.passage.path),
        path: h.passage.path,
        kind: h.passage.kind,
        startLine: h.passage.startLine,
        endLine: h.passage.endLine,
        page: h.passage.page,
        heading: h.passage.headings.join(' > '),
        score: Number(h.score.toFixed(4)),
        snippet: h.snippet,
        id: h.passage.id,
      }));
      io.stdout(JSON.stringify(rows, null, 2) + '\n');
      return EXIT_OK;
    }
    if (hits.length === 0) {
      const n = verity.passageCount();
      io.stdout(`No passages match "${printable(query)}" (${n.toLocaleString('en-US')} passage${n === 1 ? '' : 's'} searched).\n`);
      return EXIT_OK;
    }
    // one hit, two lines, whatever the file name or the text holds
    for (const h of hits) {
      const heading = h.passage.headings.length ? `  ${printable(h.passage.headings.join(' > '))}` : '';
      io.stdout(`${locationText(h.passage, shownPath(h.passage.path))}${heading}  (${h.score.toFixed(2)})\n    ${printable(h.snippet.replace(/\s+/g, ' ').trim())}\n`);
    }
    return EXIT_OK;
  },
};

export const search = commandFunction(searchSpec);
