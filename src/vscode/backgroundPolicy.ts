/**
 * Whether Verity may build its index on startup without being asked. Activation happens in any
 * workspace with a markdown file — nearly every code repository has a README — so background work
 * needs a stronger sign: a documentation workspace. Pure, so unit tests pin the rule.
 */

/** Documentation files needed before a workspace counts as a documentation workspace. */
export const DOC_WORKSPACE_MIN_FILES = 3;

/** Files every code repository has; they do not make it a documentation workspace. */
const BOILERPLATE = /(^|\/)(readme|changelog|changes|history|license|licence|contributing|code_of_conduct|security|support|authors|notice|pull_request_template|issue_template)(\.[a-z]+)*$/i;
/** Folders whose markdown belongs to tools, not to the user's documents. */
const TOOLING = /(^|\/)(node_modules|\.git|\.github|\.gitlab|\.vscode|\.idea|vendor|third_party|target|dist|build|out)\//i;

export interface BackgroundInputs {
  mode: 'auto' | 'always' | 'never';
  /** Markdown/PDF paths found (a sample is enough: the rule stops counting at the threshold). */
  docPaths: readonly string[];
  /** `verity.include` set by the user (workspace or folder level). */
  sourcesConfigured: boolean;
  /** An index was built here before (the user asked once). */
  indexedBefore: boolean;
}

/** The decision and its reason, in words (logged, and shown in the Verity view when it says no). */
export function backgroundIndexDecision(i: BackgroundInputs): { index: boolean; reason: string } {
  if (i.mode === 'never') return { index: false, reason: 'verity.backgroundIndex is "never"' };
  if (i.mode === 'always') return { index: true, reason: 'verity.backgroundIndex is "always"' };
  if (i.sourcesConfigured) return { index: true, reason: 'sources are configured (verity.include)' };
  if (i.indexedBefore) return { index: true, reason: 'this workspace was indexed before' };
  const docs = i.docPaths.filter((p) => !BOILERPLATE.test(p) && !TOOLING.test(`${p}`)).length;
  if (docs >= DOC_WORKSPACE_MIN_FILES) return { index: true, reason: `${docs} documentation files` };
  return { index: false, reason: `only ${docs} documentation file${docs === 1 ? '' : 's'} besides README, CHANGELOG, LICENSE and the like (fewer than ${DOC_WORKSPACE_MIN_FILES})` };
}
