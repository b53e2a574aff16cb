/** The import graphs the architecture tests walk: every cycle in one, named by paths relative to a folder. */
import path from 'node:path';

/** Every cycle reachable in `graph` (a module and the modules it imports), as "a → b → a" with `sep` between. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>, relativeTo: string, sep = ' → '): string[] {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (n: string): void => {
    state.set(n, 1);
    stack.push(n);
    for (const d of graph.get(n) ?? []) {
      if (state.get(d) === 1) found.push([...stack.slice(stack.indexOf(d)), d].map((x) => path.relative(relativeTo, x)).join(sep));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(n, 2);
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return found;
}
