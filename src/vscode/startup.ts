/**
 * What happens after activation, and what it decided: the warm start (an index built here before
 * is opened at once, so checks and questions are answered from the stored index while the disk is
 * reconciled in the background), the background-index decision for a workspace never indexed,
 * and the first-run question about sources. One owner for this state: extension.ts starts it, the
 * test hooks read it.
 */
import * as vscode from 'vscode';
import { backgroundIndexDecision } from './backgroundPolicy';
import { INDEXED_BEFORE_KEY, type VerityService } from './service';

/** Delay before the background decision, so opening a window stays snappy. */
const BACKGROUND_START_MS = 1000;
/** The background decision looks at this many markdown/PDF files at most. */
const BACKGROUND_SAMPLE = 50;
const INTRODUCED_KEY = 'verity.sourcesIntroduced';

/** The startup state the test hooks report. */
export interface StartupSnapshot {
  activationMs: number;
  /** Epoch milliseconds when activate() began (the warm-start benchmark measures from it). */
  activatedAt: number;
  /** Whether the stored index was opened at activation, before any background decision. */
  warmStart: boolean;
  decision?: { index: boolean; reason: string };
  firstRunMessage?: string;
  /** The background start has decided whether to ask the first-run question. */
  settled: boolean;
  /** An earlier session already asked the first-run question. */
  introducedBefore: boolean;
}

export class Startup implements vscode.Disposable {
  private readonly state: StartupSnapshot;
  private readonly started = performance.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly service: VerityService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.state = { activationMs: 0, activatedAt: Date.now(), warmStart: false, settled: false, introducedBefore: false };
  }

  /** Called at the end of activate(): records its duration and schedules the background work. */
  begin(): void {
    if (vscode.workspace.workspaceFolders?.length) {
      // Read before any await: a command run meanwhile (a check, a search) indexes and sets it.
      const indexedBefore = this.context.workspaceState.get<boolean>(INDEXED_BEFORE_KEY) === true;
      if (indexedBefore) {
        // Warm start: load the stored index now; the service reconciles with the disk behind it.
        this.state.warmStart = true;
        setImmediate(() => void this.service.getVerity().catch(() => undefined));
      }
      this.timer = setTimeout(() => void this.background(indexedBefore), BACKGROUND_START_MS);
    }
    this.state.activationMs = performance.now() - this.started;
    this.log.info(`activated in ${this.state.activationMs.toFixed(1)} ms${this.state.warmStart ? '; opening the stored index' : ''}`);
  }

  snapshot(): StartupSnapshot {
    return { ...this.state };
  }

  /** Opens the index in the background only in a documentation workspace (see backgroundPolicy.ts). */
  private async background(indexedBefore: boolean): Promise<void> {
    const s = this.service.settings();
    const inspect = vscode.workspace.getConfiguration().inspect('verity.include');
    const sample = s.backgroundIndex === 'auto' && !indexedBefore ? await vscode.workspace.findFiles('**/*.{md,markdown,mdx,pdf,MD,PDF}', '**/node_modules/**', BACKGROUND_SAMPLE) : [];
    const decision = backgroundIndexDecision({
      mode: s.backgroundIndex,
      docPaths: sample.map((u) => vscode.workspace.asRelativePath(u, false)),
      sourcesConfigured: inspect?.workspaceValue !== undefined || inspect?.workspaceFolderValue !== undefined,
      indexedBefore,
    });
    this.state.decision = decision;
    this.log.info(`background index: ${decision.index ? 'yes' : 'no'} (${decision.reason})`);
    if (!decision.index) {
      this.state.settled = true;
      return;
    }
    await this.service.ready();
    // First run in a workspace whose sources nobody chose: say what counts as a source, once.
    this.state.introducedBefore = this.context.workspaceState.get<boolean>(INTRODUCED_KEY) === true;
    if (this.state.introducedBefore || inspect?.workspaceValue !== undefined) {
      this.state.settled = true;
      return;
    }
    await this.context.workspaceState.update(INTRODUCED_KEY, true);
    const files = (await this.service.getVerity()).files();
    const sources = files.filter((f) => f.state === 'indexed').length;
    const drafts = files.filter((f) => f.reason === 'DRAFT').length;
    const message = `Verity: ${sources} file${sources === 1 ? ' is a source' : 's are sources'}${drafts ? `; ${drafts} draft${drafts === 1 ? ' is' : 's are'} never evidence` : ''}. Is that what Verity should check against?`;
    this.state.firstRunMessage = message;
    this.state.settled = true;
    const pick = await vscode.window.showInformationMessage(message, 'Choose Sources', 'Open the Verity View');
    if (pick === 'Choose Sources') await vscode.commands.executeCommand('verity.chooseSources');
    else if (pick === 'Open the Verity View') await vscode.commands.executeCommand('verity.sources.focus');
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
