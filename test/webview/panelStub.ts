/**
 * Plays the extension's side of the conversation panel's protocol against a page: validates
 * every message the panel posts with the production validator and records it; the tests answer
 * questions themselves (streamed progress and text, then the Turn) through `send`.
 */
import type { Page } from 'playwright-core';
import type { HostToPanel, PanelToHost } from '../../src/protocol/panelMessages';
import { validatePanelToHost } from '../../src/protocol/validatePanel';

export class PanelStub {
  readonly received: PanelToHost[] = [];
  readonly rejected: string[] = [];

  constructor(private readonly page: Page) {}

  async attach(): Promise<void> {
    await this.page.exposeFunction('__toHost', (m: unknown) => {
      const v = validatePanelToHost(m);
      if (v.ok) this.received.push(v.value);
      else this.rejected.push(v.error);
    });
  }

  /** Posts a host → panel message (also used to post deliberately malformed ones). */
  async send(m: HostToPanel | Record<string, unknown>): Promise<void> {
    await this.page.evaluate((msg) => window.postMessage(msg, '*'), m);
  }

  of<T extends PanelToHost['type']>(type: T): Extract<PanelToHost, { type: T }>[] {
    return this.received.filter((m): m is Extract<PanelToHost, { type: T }> => m.type === type);
  }

  last<T extends PanelToHost['type']>(type: T): Extract<PanelToHost, { type: T }> | undefined {
    const all = this.of(type);
    return all[all.length - 1];
  }
}
