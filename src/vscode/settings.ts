/**
 * The one mapping between the `verity.*` settings declared in package.json and the options the
 * core and the extension use. Pure data and functions (no runtime 'vscode' import) so a plain
 * Node unit test can check it against the manifest.
 */
import type { VerityOptions } from '../core/api';
import { DEFAULT_DRAFTS } from '../core/verity';
import { inRange, LIMIT_RANGES, type LimitName } from '../core/limits';
import { isPgUrl } from '../node/pg/pgConfig';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** Options the extension itself uses (the core never sees these). */
export interface ExtensionSettings {
  include: string[];
  exclude: string[];
  respectGitignore: boolean;
  unsupportedSeverity: Severity;
  contradictedSeverity: Severity;
  /** OpenAI-compatible endpoint; empty = use the VS Code Language Model API. */
  modelBaseUrl: string;
  modelName: string;
  /** PDFs with more pages are skipped (PDF_TOO_LARGE); the PDF extractor's limit. */
  maxPdfPages: number;
  /** Time allowed to read one PDF before it is skipped (PDF_TIMEOUT). */
  pdfTimeoutSeconds: number;
  /** Deadline of one call to the endpoint, in seconds (issue 15). */
  modelTimeoutSeconds: number;
  /** Check the whole document on save (prose languages only). */
  checkOnSave: boolean;
  /** Language ids treated as prose: menus, keybinding and check on save. */
  languages: string[];
  /** When the index is built without being asked (see backgroundPolicy.ts). */
  backgroundIndex: 'auto' | 'always' | 'never';
  /** Mark supported sentences with a subtle decoration. */
  markSupported: boolean;
}

/** Reads one setting by its full key (e.g. `verity.ask.topK`); undefined when unset. */
export type SettingReader = (key: string) => unknown;

interface SettingSpec<T> {
  key: string;
  default: T;
  /** The core option this setting feeds, if any. */
  option?: keyof VerityOptions;
  /** Converts the setting's value into the option's unit (e.g. MB → bytes). */
  toOption?: (value: T) => VerityOptions[keyof VerityOptions];
  /** The extension setting this feeds, if any. */
  setting?: keyof ExtensionSettings;
  valid: (value: unknown) => value is T;
  /**
   * A user or machine setting only: package.json gives it `"scope": "machine"` and lists it in
   * the restricted configurations, and the code reads it with {@link readServerStore}, never
   * from a workspace or folder value.
   */
  userOnly?: true;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isStr = (v: unknown): v is string => typeof v === 'string';
const isStrArr = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);
const oneOf = <T extends string>(...values: T[]) => (v: unknown): v is T => typeof v === 'string' && (values as string[]).includes(v);
const isSeverity = oneOf<Severity>('error', 'warning', 'information', 'hint');
const MB = 1024 * 1024;
/** A limit's setting is valid inside its documented range (core/limits.ts); outside it the default applies. */
const limit = (name: LimitName) => (v: unknown): v is number => inRange(v, LIMIT_RANGES[name]);

/** Every `verity.*` setting. package.json declares exactly these keys with these defaults. */
export const SETTINGS: ReadonlyArray<SettingSpec<unknown>> = [
  { key: 'verity.include', default: ['**/*.{md,markdown,mdx,pdf}'], setting: 'include', valid: isStrArr },
  { key: 'verity.exclude', default: ['**/node_modules/**', '**/.git/**', '**/.verity/**'], setting: 'exclude', valid: isStrArr },
  { key: 'verity.drafts', default: DEFAULT_DRAFTS, option: 'drafts', valid: isStrArr },
  { key: 'verity.checkOnSave', default: false, setting: 'checkOnSave', valid: isBool },
  { key: 'verity.languages', default: ['markdown', 'plaintext'], setting: 'languages', valid: isStrArr },
  { key: 'verity.backgroundIndex', default: 'auto', setting: 'backgroundIndex', valid: oneOf('auto', 'always', 'never') },
  { key: 'verity.diagnostics.markSupported', default: true, setting: 'markSupported', valid: isBool },
  { key: 'verity.respectGitignore', default: true, setting: 'respectGitignore', valid: isBool },
  { key: 'verity.passage.minWords', default: 200, option: 'passageMinWords', valid: isNum },
  { key: 'verity.passage.maxWords', default: 400, option: 'passageMaxWords', valid: isNum },
  { key: 'verity.maxFileSizeMB', default: 10, option: 'maxFileBytes', toOption: (v) => Math.round((v as number) * MB), valid: limit('maxFileMb') },
  { key: 'verity.maxPdfSizeMB', default: 50, option: 'maxPdfBytes', toOption: (v) => Math.round((v as number) * MB), valid: limit('maxPdfMb') },
  { key: 'verity.maxPdfPages', default: 2000, setting: 'maxPdfPages', valid: limit('maxPdfPages') },
  { key: 'verity.pdfTimeoutSeconds', default: 20, setting: 'pdfTimeoutSeconds', valid: limit('pdfTimeoutSeconds') },
  { key: 'verity.ask.topK', default: 6, option: 'topK', valid: isNum },
  { key: 'verity.ask.maxRounds', default: 3, option: 'maxRounds', valid: isNum },
  { key: 'verity.ask.tokenBudget', default: 0, option: 'tokenBudget', valid: isNum },
  { key: 'verity.ask.strict', default: false, option: 'strict', valid: isBool },
  { key: 'verity.judge', default: 'off', option: 'judge', valid: oneOf('off', 'claims', 'minicheck') },
  { key: 'verity.rerank.enabled', default: false, option: 'rerank', valid: isBool },
  { key: 'verity.rerank.candidates', default: 12, option: 'rerankCandidates', valid: isNum },
  { key: 'verity.diagnostics.unsupportedSeverity', default: 'warning', setting: 'unsupportedSeverity', valid: isSeverity },
  { key: 'verity.diagnostics.contradictedSeverity', default: 'error', setting: 'contradictedSeverity', valid: isSeverity },
  { key: 'verity.model.baseUrl', default: '', setting: 'modelBaseUrl', valid: isStr },
  { key: 'verity.model.name', default: '', setting: 'modelName', valid: isStr },
  { key: 'verity.model.timeoutSeconds', default: 120, setting: 'modelTimeoutSeconds', valid: (v) => isNum(v) && (v as number) > 0 },
  { key: 'verity.ocr.enabled', default: true, option: 'ocr', valid: isBool },
  { key: 'verity.ocr.languages', default: ['eng'], option: 'ocrLanguages', valid: isStrArr },
  { key: 'verity.ocr.maxPagesPerFile', default: 20, option: 'ocrMaxPagesPerFile', valid: limit('ocrMaxPagesPerFile') },
  { key: 'verity.store', default: '', userOnly: true, valid: isStr },
] as ReadonlyArray<SettingSpec<unknown>>;

/** A setting's value, or its default when unset or of the wrong type (never throws). */
function valueOf(spec: SettingSpec<unknown>, read: SettingReader): unknown {
  const v = read(spec.key);
  return v !== undefined && spec.valid(v) ? v : spec.default;
}

/** Core options from the settings (only keys the settings define; the core fills the rest). */
export function readVerityOptions(read: SettingReader): Partial<VerityOptions> {
  const out: Record<string, unknown> = {};
  for (const spec of SETTINGS) {
    if (!spec.option) continue;
    const v = valueOf(spec, read);
    out[spec.option] = spec.toOption ? spec.toOption(v) : v;
  }
  return out as Partial<VerityOptions>;
}

/** The extension's own settings. */
export function readExtensionSettings(read: SettingReader): ExtensionSettings {
  const out: Record<string, unknown> = {};
  for (const spec of SETTINGS) if (spec.setting) out[spec.setting] = valueOf(spec, read);
  return out as unknown as ExtensionSettings;
}

/** Settings whose change means the index must be rebuilt (passages or file set change). */
export const REINDEX_KEYS = ['verity.drafts', 'verity.include', 'verity.exclude', 'verity.respectGitignore', 'verity.passage.minWords', 'verity.passage.maxWords', 'verity.maxFileSizeMB', 'verity.maxPdfSizeMB', 'verity.maxPdfPages', 'verity.pdfTimeoutSeconds', 'verity.ocr.enabled', 'verity.ocr.languages', 'verity.ocr.maxPagesPerFile'];

/** What `WorkspaceConfiguration.inspect()` gives for one setting (the scopes read here). */
export interface InspectedSetting {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The team index the editor reads (`verity.store`), or why the local store is used instead. */
export type ServerStoreSetting =
  | { url: string; ignored?: string }
  | { url?: undefined; ignored?: string };

/**
 * `verity.store` as the editor may use it: a `postgres://` URL from the user's or the machine's
 * settings. A workspace or folder value is never used (a repository must not point the editor at
 * its own server, which would receive every checked draft and supply the evidence), and in an
 * untrusted workspace (Restricted Mode) the setting is off. `ignored` says what was left out.
 */
export function readServerStore(inspected: InspectedSetting | undefined, trusted: boolean): ServerStoreSetting {
  const fromWorkspace = [inspected?.workspaceValue, inspected?.workspaceFolderValue].some((v) => typeof v === 'string' && v.trim() !== '');
  const workspaceNote = fromWorkspace ? 'verity.store is set in the workspace settings: ignored (only a user or machine setting can name a server store)' : undefined;
  const value = inspected?.globalValue;
  const url = typeof value === 'string' ? value.trim() : '';
  if (!url) return workspaceNote ? { ignored: workspaceNote } : {};
  if (!trusted) return { ignored: 'verity.store is off in Restricted Mode (this workspace is not trusted): the local index is used' };
  if (!isPgUrl(url)) return { ignored: 'verity.store must be a postgres:// URL (postgres://user@host/db?corpus=NAME): the local index is used' };
  return workspaceNote ? { url, ignored: workspaceNote } : { url };
}
