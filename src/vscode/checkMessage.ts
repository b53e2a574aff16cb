/**
 * The status-bar line of the last check ("Verity: 3 supported, 1 unsupported"), shown for a
 * while beside the index's item. One at a time, and taken down as soon as it no longer holds:
 * when the next check starts, when a check fails, and when the team index fails or is reopened.
 * Left to its timer, a line from before a failure stayed up to 15 s beside the red "team index
 * unreachable" item (and a new check's line could be hidden under an older one's).
 */

/** What the editor's `window.setStatusBarMessage` returns. */
export interface Dismissable {
  dispose(): unknown;
}

export class CheckMessage {
  private shown: { text: string; until: number; handle: Dismissable } | undefined;

  constructor(
    private readonly set: (text: string, ms: number) => Dismissable,
    private readonly ms = 15_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Shows `text` in place of the line shown before. */
  show(text: string): void {
    this.clear();
    this.shown = { text, until: this.now() + this.ms, handle: this.set(text, this.ms) };
  }

  /** Takes the line down (nothing when none is shown). */
  clear(): void {
    this.shown?.handle.dispose();
    this.shown = undefined;
  }

  /** The line on show, if any (the `verity.test.checkMessage` hook returns it). */
  current(): string | undefined {
    return this.shown && this.now() < this.shown.until ? this.shown.text : undefined;
  }

  dispose(): void {
    this.clear();
  }
}
