/**
 * Where the tool's documentation lives, for SARIF's `informationUri` and the rules' `helpUri`
 * (code-scanning viewers link there). The same value as package.json's `homepage`; a unit test
 * keeps the two equal.
 */
export const HOMEPAGE = 'https://github.com/verity-dev/verity';

/** The README section that explains findings, suppressions and the baseline. */
export const FINDINGS_HELP_URI = `${HOMEPAGE}#what-a-finding-means`;
