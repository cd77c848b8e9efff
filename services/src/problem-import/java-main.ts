// Java programs of a problem package are written for judges that run the class their file is named after (Kattis:
// `guess.java` holds `public class guess`); this judge runs class Main. The class's name becomes Main everywhere it
// is code (not in strings, characters or comments), so the program runs here unchanged otherwise.

/** `code` with class `className` renamed Main; null when the code declares no such class or already has a Main. */
export function javaClassAsMain(code: string, className: string): string | null {
  const declares = (name: string) => new RegExp(`\\b(class|interface|enum|record)\\s+${name.replace(/\$/g, '\\$')}\\b`).test(code);
  if (className === 'Main' || !/^[A-Za-z_$][\w$]*$/.test(className) || !declares(className) || declares('Main')) return null;
  let out = '';
  let i = 0;
  const n = code.length;
  const copyUntil = (end: number) => {
    out += code.slice(i, end);
    i = end;
  };
  while (i < n) {
    const c = code[i]!;
    if (code.startsWith('//', i)) copyUntil(code.indexOf('\n', i) < 0 ? n : code.indexOf('\n', i));
    else if (code.startsWith('/*', i)) copyUntil(code.indexOf('*/', i + 2) < 0 ? n : code.indexOf('*/', i + 2) + 2);
    else if (code.startsWith('"""', i)) copyUntil(code.indexOf('"""', i + 3) < 0 ? n : code.indexOf('"""', i + 3) + 3);
    else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      copyUntil(Math.min(n, j + 1));
    } else if (/[A-Za-z_$]/.test(c)) {
      const word = /^[\w$]+/.exec(code.slice(i, i + 256))![0];
      out += word === className ? 'Main' : word;
      i += word.length;
    } else copyUntil(i + 1);
  }
  return out;
}
