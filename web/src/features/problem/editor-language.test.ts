// The editor's language modes: which mode a language gets (as before they were loaded on demand), and the loader.
import { describe, expect, it } from 'vitest';
import { LOCAL_LANGUAGES } from '@oj/proto';
import { loadLanguageMode, modeKeyFor } from './editor-language';

describe('modeKeyFor', () => {
  it('picks the mode from the content type, then the name', () => {
    const picked = Object.fromEntries(LOCAL_LANGUAGES.map((l) => [l.name, modeKeyFor(l.name, LOCAL_LANGUAGES)]));
    expect(picked).toEqual({
      C: 'cpp',
      'C With O2': 'cpp',
      'C++': 'cpp',
      'C++ With O2': 'cpp',
      'C++ 17': 'cpp',
      'C++ 17 With O2': 'cpp',
      'C++ 20': 'cpp',
      'C++ 20 With O2': 'cpp',
      Java: 'java',
      Python3: 'python',
      'JavaScript Node': 'javascript',
      PyPy3: 'python',
      Golang: null,
      Rust: null,
      'C#': null,
      PHP: null,
      Ruby: null,
    });
  });

  it('uses the server list first, and the name alone for a language no list knows', () => {
    expect(modeKeyFor('Kotlin', [{ name: 'Kotlin', contentType: 'text/x-java' }])).toBe('java');
    expect(modeKeyFor('Node 22', [])).toBe('javascript');
    expect(modeKeyFor('', [])).toBeNull();
  });
});

describe('loadLanguageMode', () => {
  it('loads each mode once and hands every editor the same extension', async () => {
    const [a, b] = await Promise.all([loadLanguageMode('python'), loadLanguageMode('python')]);
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(await loadLanguageMode('python')).toBe(a);
    expect(await loadLanguageMode('cpp')).not.toBe(a);
  });
});
