// What the editor remembers in the browser: the settings (theme, font size, tab size) per signed-in user (or for
// visitors), and a draft per problem and language so switching languages keeps each one's code.
import { readJson, writeJson } from '../../lib/storage';

export const EDITOR_THEMES = ['light', 'dark'] as const;
export const FONT_SIZES = [12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
export const TAB_SIZES = [2, 4, 8] as const;

export interface EditorSettings {
  theme: (typeof EDITOR_THEMES)[number];
  fontSize: number;
  tabSize: number;
}

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = { theme: 'light', fontSize: 14, tabSize: 4 };

const settingsKey = (uid: string | null) => `editor-settings:${uid ?? 'guest'}`;

function isSettings(x: unknown): x is EditorSettings {
  const s = x as EditorSettings;
  return (
    typeof x === 'object' &&
    x !== null &&
    (EDITOR_THEMES as readonly string[]).includes(s.theme) &&
    (FONT_SIZES as readonly number[]).includes(s.fontSize) &&
    (TAB_SIZES as readonly number[]).includes(s.tabSize)
  );
}

export const loadEditorSettings = (uid: string | null): EditorSettings => readJson(settingsKey(uid), isSettings) ?? DEFAULT_EDITOR_SETTINGS;
export const saveEditorSettings = (uid: string | null, s: EditorSettings) => writeJson(settingsKey(uid), s);

const draftKey = (codeKey: string, language: string) => `problem-draft:${codeKey}:${language}`;
const isString = (x: unknown): x is string => typeof x === 'string';

export const loadDraft = (codeKey: string, language: string): string | null => readJson(draftKey(codeKey, language), isString);
export const saveDraft = (codeKey: string, language: string, code: string) => writeJson(draftKey(codeKey, language), code);
