/**
 * The core's vocabulary (core/vocabulary.ts) for the webviews, which import only src/protocol:
 * the report and the conversation panel name verdicts with exactly the words the editor and the
 * CLI use. The module is pure data and functions, so it bundles into the webviews as it is.
 */
export { countFindings, countsText, FINDING_ORDER, FINDINGS, findingLabel, findingOf, isProblem, type Finding, type FindingCounts } from '../core/vocabulary';
