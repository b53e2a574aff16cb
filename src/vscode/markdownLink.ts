/**
 * Markdown links built from untrusted parts (file names, document headings). Pure: no 'vscode'
 * import, so plain Node tests run it against the real markdown parser.
 */

/**
 * Escapes a link title. The title is quoted text in the markdown source: a file name holding
 * `")` would end it and let the rest of the name add markdown (even a `command:` link). Every
 * character that can close or restyle it is escaped; line breaks and controls become spaces.
 */
export function escapeLinkTitle(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/[\\"'()[\]<>`*_]/g, '\\$&');
}

/** `[label](href "title")`; `label` must already be markdown-safe and `href` an encoded URI. */
export function markdownLink(label: string, href: string, title: string): string {
  return `[${label}](${href.replace(/[\s()<>"]/g, encodeURIComponent)} "${escapeLinkTitle(title)}")`;
}
