/**
 * A tiny element builder. Text goes in through textContent only: document text is untrusted and
 * must never be parsed as HTML (there is deliberately no innerHTML anywhere in the webview).
 */
type Child = Node | string | null | undefined | false;

export interface Props {
  class?: string;
  text?: string;
  attrs?: Record<string, string>;
  on?: Partial<Record<keyof HTMLElementEventMap | string, (ev: Event) => void>>;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props, children?: Child[]): HTMLElementTagNameMap[K];
export function el(tag: string, props?: Props, children?: Child[]): HTMLElement;
export function el(tag: string, props: Props = {}, children: Child[] = []): HTMLElement {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  for (const [k, f] of Object.entries(props.on ?? {})) if (f) node.addEventListener(k, f);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return node;
}

/** Removes every child of a node. */
export function clear(node: Element): void {
  while (node.firstChild) node.firstChild.remove();
}

/** "1,234" */
export function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
