import { flag, intFlag, parseArgs } from '../args';
import { EXIT_OK, type CliCommand } from '../io';
import { displayPath, openVerity } from '../openVerity';
import { locationText } from '../location';

export const SEARCH_USAGE = 'verity search "<query>" [--k N] [--json] [--store <dir> | --docs <dir>] [--path <prefix>] [--kind md|pdf]';

/** `verity search`: the passages that best match a query, with exact locations. */
export const search: CliCommand = async (args, io) => {
  const parsed = parseArgs(args, ['store', 'docs', 'k', 'path', 'kind'], ['json', 'verbose']);
  const query = parsed.positional.join(' ').trim();
  if (!query) {
    io.stderr(`usage: ${SEARCH_USAGE}\n`);
    return 2;
  }
  const kind = flag(parsed, 'kind');
  if (kind !== undefined && kind !== 'md' && kind !== 'pdf') {
    io.stderr('verity: --kind must be md or pdf\n');
    return 2;
  }
  const k = intFlag(parsed, 'k', 5);
  const verity = await openVerity({ docs: flag(parsed, 'docs'), store: flag(parsed, 'store'), io, verbose: parsed.flags.has('verbose') });
  const hits = await verity.search(query, { k, pathPrefix: flag(parsed, 'path'), kind });
  if (parsed.flags.has('json')) {
    io.stdout(
      JSON.stringify(
        hits.map((h) => ({
          location: locationText(h.passage, displayPath(verity, h.passage.path, io.cwd)),
          path: h.passage.path,
          kind: h.passage.kind,
          startLine: h.passage.startLine,
          endLine: h.passage.endLine,
          page: h.passage.page,
          heading: h.passage.headings.join(' > '),
          score: Number(h.score.toFixed(4)),
          snippet: h.snippet,
          id: h.passage.id,
        })),
        null,
        2,
      ) + '\n',
    );
    return EXIT_OK;
  }
  if (hits.length === 0) {
    io.stdout(`No passages match "${query}" (${verity.passageCount().toLocaleString('en-US')} passages searched).\n`);
    return EXIT_OK;
  }
  for (const h of hits) {
    const where = locationText(h.passage, displayPath(verity, h.passage.path, io.cwd));
    const heading = h.passage.headings.length ? `  ${h.passage.headings.join(' > ')}` : '';
    io.stdout(`${where}${heading}  (${h.score.toFixed(2)})\n    ${h.snippet.replace(/\s+/g, ' ').trim()}\n`);
  }
  return EXIT_OK;
};
