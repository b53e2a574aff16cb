/**
 * A subset of the CSS variables VS Code defines on a webview's <html>, for the Default Light
 * Modern, Default Dark Modern and Default High Contrast themes, plus the body class VS Code sets.
 */
export type ThemeName = 'light' | 'dark' | 'hc';

const common: Record<string, string> = {
  'font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
  'font-size': '13px',
  'editor-font-family': '"Droid Sans Mono", monospace',
};

export const THEMES: Record<ThemeName, { bodyClass: string; vars: Record<string, string> }> = {
  light: {
    bodyClass: 'vscode-light',
    vars: {
      foreground: '#3b3b3b', 'editor-background': '#ffffff', descriptionForeground: '#3b3b3b', focusBorder: '#005fb8',
      errorForeground: '#f85149', 'editorWarning-foreground': '#a66d00', 'testing-iconPassed': '#388a34',
      'button-background': '#005fb8', 'button-foreground': '#ffffff', 'button-hoverBackground': '#0258a8',
      'button-secondaryBackground': '#e5e5e5', 'button-secondaryForeground': '#3b3b3b', 'button-border': '#0000001a',
      'input-background': '#ffffff', 'settings-textInputBackground': '#ffffff', 'settings-textInputBorder': '#cecece', 'settings-textInputForeground': '#3b3b3b', 'input-foreground': '#3b3b3b', 'input-border': '#cecece', 'input-placeholderForeground': '#767676',
      'badge-background': '#cccccc', 'badge-foreground': '#3b3b3b', 'panel-border': '#e5e5e5', 'widget-border': '#e5e5e5',
      'textBlockQuote-background': '#f8f8f8', 'textBlockQuote-border': '#e5e5e5', 'textCodeBlock-background': '#f8f8f8',
      'settings-checkboxBackground': '#f8f8f8', 'settings-checkboxBorder': '#cecece', 'settings-checkboxForeground': '#3b3b3b',
      'sideBarSectionHeader-background': '#f8f8f8', 'sideBarTitle-foreground': '#3b3b3b', 'sideBar-background': '#f8f8f8', 'icon-foreground': '#3b3b3b',
      'diffEditor-insertedTextBackground': '#9ccc2c40', 'diffEditor-removedTextBackground': '#ff000033',
      'editor-findMatchHighlightBackground': '#ea5c0055', 'progressBar-background': '#005fb8',
    },
  },
  dark: {
    bodyClass: 'vscode-dark',
    vars: {
      foreground: '#cccccc', 'editor-background': '#1f1f1f', descriptionForeground: '#9d9d9d', focusBorder: '#0078d4',
      errorForeground: '#f85149', 'editorWarning-foreground': '#cca700', 'testing-iconPassed': '#73c991',
      'button-background': '#0078d4', 'button-foreground': '#ffffff', 'button-hoverBackground': '#026ec1',
      'button-secondaryBackground': '#313131', 'button-secondaryForeground': '#cccccc', 'button-border': '#ffffff12',
      'input-background': '#313131', 'settings-textInputBackground': '#313131', 'settings-textInputBorder': '#3c3c3c', 'settings-textInputForeground': '#cccccc', 'input-foreground': '#cccccc', 'input-border': '#3c3c3c', 'input-placeholderForeground': '#989898',
      'badge-background': '#616161', 'badge-foreground': '#f8f8f8', 'panel-border': '#2b2b2b', 'widget-border': '#313131',
      'textBlockQuote-background': '#2b2b2b', 'textBlockQuote-border': '#616161', 'textCodeBlock-background': '#2b2b2b',
      'settings-checkboxBackground': '#313131', 'settings-checkboxBorder': '#3c3c3c', 'settings-checkboxForeground': '#cccccc',
      'sideBarSectionHeader-background': '#181818', 'sideBarTitle-foreground': '#cccccc', 'sideBar-background': '#181818', 'icon-foreground': '#cccccc',
      'diffEditor-insertedTextBackground': '#9ccc2c33', 'diffEditor-removedTextBackground': '#ff000033',
      'editor-findMatchHighlightBackground': '#ea5c0055', 'progressBar-background': '#0078d4',
    },
  },
  hc: {
    bodyClass: 'vscode-high-contrast',
    vars: {
      foreground: '#ffffff', 'editor-background': '#000000', descriptionForeground: '#ffffff', focusBorder: '#f38518',
      contrastBorder: '#6fc3df', contrastActiveBorder: '#f38518',
      errorForeground: '#f48771', 'editorWarning-foreground': '#ffd370', 'testing-iconPassed': '#89d185',
      'button-background': '#000000', 'button-foreground': '#ffffff', 'button-border': '#6fc3df',
      'button-secondaryBackground': '#000000', 'button-secondaryForeground': '#ffffff',
      'input-background': '#000000', 'settings-textInputBackground': '#000000', 'settings-textInputBorder': '#6fc3df', 'settings-textInputForeground': '#ffffff', 'input-foreground': '#ffffff', 'input-border': '#6fc3df', 'input-placeholderForeground': '#ffffffb3',
      'badge-background': '#000000', 'badge-foreground': '#ffffff', 'panel-border': '#6fc3df', 'widget-border': '#6fc3df',
      'textBlockQuote-background': '#000000', 'textBlockQuote-border': '#6fc3df', 'textCodeBlock-background': '#000000',
      'settings-checkboxBackground': '#000000', 'settings-checkboxBorder': '#6fc3df', 'settings-checkboxForeground': '#ffffff',
      'sideBarSectionHeader-background': '#000000', 'sideBarTitle-foreground': '#ffffff', 'sideBar-background': '#000000', 'icon-foreground': '#ffffff',
      'diffEditor-insertedTextBorder': '#33ff2eff', 'diffEditor-removedTextBorder': '#ff008fff',
      'editor-findMatchBorder': '#f38518', 'progressBar-background': '#6fc3df',
    },
  },
};

/** A style sheet body declaring the variables of every theme, keyed by `html[data-theme]`. */
export function themeCss(): string {
  return (Object.keys(THEMES) as ThemeName[])
    .map((name) => {
      const vars = { ...common, ...THEMES[name].vars };
      return `html[data-theme="${name}"] {\n${Object.entries(vars).map(([k, v]) => `  --vscode-${k}: ${v};`).join('\n')}\n}`;
    })
    .join('\n');
}
