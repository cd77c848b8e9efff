// The local languages: the names are the keys every package agrees on. The services seed
// the `language` table from this list; the runner's own table holds the commands it really runs.

export interface LocalLanguage {
  name: string;
  description: string;
  /** The compile command shown to users (help page). */
  compileCommand: string | null;
  /** CodeMirror mode. */
  contentType: string;
  /** A+B template shown on the help page and used as the editor's starting code. */
  template: string;
  isSpj: boolean;
  seq: number;
}

const C_AB = '#include <stdio.h>\nint main() {\n    int a, b;\n    scanf("%d %d", &a, &b);\n    printf("%d\\n", a + b);\n    return 0;\n}\n';
const CPP_AB = '#include <iostream>\nusing namespace std;\nint main() {\n    int a, b;\n    cin >> a >> b;\n    cout << a + b << endl;\n    return 0;\n}\n';
const JAVA_AB =
  'import java.util.Scanner;\npublic class Main {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        int a = in.nextInt(), b = in.nextInt();\n        System.out.println(a + b);\n    }\n}\n';
const PY_AB = 'a, b = map(int, input().split())\nprint(a + b)\n';
const JS_AB =
  "const lines = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(lines[0] + lines[1]);\n";

const GO_AB = 'package main\n\nimport "fmt"\n\nfunc main() {\n    var a, b int\n    fmt.Scan(&a, &b)\n    fmt.Println(a + b)\n}\n';
const RUST_AB =
  'use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!("{}", v[0] + v[1]);\n}\n';
const CS_AB =
  'using System;\npublic class Program {\n    public static void Main() {\n        string[] s = Console.ReadLine().Split();\n        Console.WriteLine(int.Parse(s[0]) + int.Parse(s[1]));\n    }\n}\n';
const PHP_AB = '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho $a + $b, "\\n";\n';
const RUBY_AB = 'a, b = gets.split.map(&:to_i)\nputs a + b\n';

const gcc = (std: string, o2: boolean) => `gcc -DONLINE_JUDGE -w -fmax-errors=1 -std=${std}${o2 ? ' -O2' : ''} {src_path} -lm -o {exe_path}`;
const gpp = (std: string, o2: boolean) => `g++ -DONLINE_JUDGE -w -fmax-errors=1 -std=${std}${o2 ? ' -O2' : ''} {src_path} -lm -o {exe_path}`;

export const LOCAL_LANGUAGES: readonly LocalLanguage[] = [
  { name: 'C', description: 'GCC', compileCommand: gcc('c11', false), contentType: 'text/x-csrc', template: C_AB, isSpj: true, seq: 1 },
  { name: 'C With O2', description: 'GCC -O2', compileCommand: gcc('c11', true), contentType: 'text/x-csrc', template: C_AB, isSpj: false, seq: 2 },
  { name: 'C++', description: 'G++ (C++14)', compileCommand: gpp('c++14', false), contentType: 'text/x-c++src', template: CPP_AB, isSpj: true, seq: 3 },
  { name: 'C++ With O2', description: 'G++ -O2 (C++14)', compileCommand: gpp('c++14', true), contentType: 'text/x-c++src', template: CPP_AB, isSpj: false, seq: 4 },
  { name: 'C++ 17', description: 'G++ (C++17)', compileCommand: gpp('c++17', false), contentType: 'text/x-c++src', template: CPP_AB, isSpj: false, seq: 5 },
  { name: 'C++ 17 With O2', description: 'G++ -O2 (C++17)', compileCommand: gpp('c++17', true), contentType: 'text/x-c++src', template: CPP_AB, isSpj: false, seq: 6 },
  { name: 'C++ 20', description: 'G++ (C++20)', compileCommand: gpp('c++20', false), contentType: 'text/x-c++src', template: CPP_AB, isSpj: false, seq: 7 },
  { name: 'C++ 20 With O2', description: 'G++ -O2 (C++20)', compileCommand: gpp('c++20', true), contentType: 'text/x-c++src', template: CPP_AB, isSpj: false, seq: 8 },
  { name: 'Java', description: 'OpenJDK 17', compileCommand: 'javac -encoding UTF-8 Main.java', contentType: 'text/x-java', template: JAVA_AB, isSpj: false, seq: 9 },
  { name: 'Python3', description: 'Python 3', compileCommand: 'python3 -m py_compile {src_path}', contentType: 'text/x-python', template: PY_AB, isSpj: false, seq: 10 },
  { name: 'JavaScript Node', description: 'Node.js', compileCommand: null, contentType: 'text/javascript', template: JS_AB, isSpj: false, seq: 11 },
  { name: 'PyPy3', description: 'PyPy 3.9 (7.3)', compileCommand: 'pypy3 -m py_compile {src_path}', contentType: 'text/x-python', template: PY_AB, isSpj: false, seq: 12 },
  { name: 'Golang', description: 'Go 1.19', compileCommand: 'go build -o {exe_path} {src_path}', contentType: 'text/x-go', template: GO_AB, isSpj: false, seq: 13 },
  { name: 'Rust', description: 'Rust 1.63', compileCommand: 'rustc -O -o {exe_path} {src_path}', contentType: 'text/x-rustsrc', template: RUST_AB, isSpj: false, seq: 14 },
  { name: 'C#', description: 'C# Mono 6.8', compileCommand: 'mcs -optimize+ -out:{exe_path} {src_path}', contentType: 'text/x-csharp', template: CS_AB, isSpj: false, seq: 15 },
  { name: 'PHP', description: 'PHP 8.2', compileCommand: null, contentType: 'text/x-php', template: PHP_AB, isSpj: false, seq: 16 },
  { name: 'Ruby', description: 'Ruby 3.1', compileCommand: null, contentType: 'text/x-ruby', template: RUBY_AB, isSpj: false, seq: 17 },
];

/** C and C++ keep the configured limits; every other language gets them doubled. */
export function isCFamily(language: string): boolean {
  return language === 'C' || language.startsWith('C ') || language.startsWith('C++');
}

const EXTENSIONS: Record<string, string> = {
  'text/x-csrc': 'c',
  'text/x-c++src': 'cpp',
  'text/x-java': 'java',
  'text/x-python': 'py',
  'text/javascript': 'js',
  'text/x-go': 'go',
  'text/x-rustsrc': 'rs',
  'text/x-csharp': 'cs',
  'text/x-php': 'php',
  'text/x-ruby': 'rb',
};

/** The usual file extension of a language's source (`txt` for one we do not know), by its editor content type. */
export function sourceExtension(language: string): string {
  const lang = LOCAL_LANGUAGES.find((l) => l.name === language);
  return (lang && EXTENSIONS[lang.contentType]) ?? 'txt';
}
