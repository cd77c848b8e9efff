// Why the problem importer refuses an archive: one stable code each, with its sentence in English and in Chinese.
// IMPORT_FAILED carries the code as its `reason` param beside the sentence's `{name}` params (the type below reads
// them off the English sentence), and its `{detail}` is the sentence in the caller's language (formatError).
import { fillPlaceholders, placeholderNames, type PlaceholderParams } from './placeholders';

export interface ImportFailureDef {
  en: string;
  zh: string;
}

// `{where}` names a file or a problem of the archive (a path, or one of the words `importPlace` translates).
export const IMPORT_FAILURES = {
  // the archive itself
  ARCHIVE_NOT_ZIP: { en: 'the archive is not a valid zip file: {error}', zh: '压缩包不是有效的 zip 文件：{error}' },
  ARCHIVE_ENTRY_OUTSIDE: {
    en: 'the archive entry {name} points outside the archive (absolute path, .. or control character)',
    zh: '压缩包条目 {name} 指向压缩包之外（绝对路径、.. 或控制字符）',
  },
  ARCHIVE_ENTRY_TWICE: { en: 'the archive holds {path} twice', zh: '压缩包中 {path} 出现了两次' },
  LINK_OUTSIDE: { en: 'the symbolic link {link} points outside the archive ({target})', zh: '符号链接 {link} 指向压缩包之外（{target}）' },
  LINK_LOOP: {
    en: 'the symbolic link {link} is part of a loop or a chain of more than {max} links',
    zh: '符号链接 {link} 构成了循环，或处在超过 {max} 个链接的链条中',
  },
  LINK_TARGET_MISSING: { en: 'the symbolic link {link} points to {target}, which the archive does not hold', zh: '符号链接 {link} 指向 {target}，但压缩包中没有它' },
  LINK_ENTRY_TWICE: { en: 'the archive holds {path} twice (through the symbolic link {link})', zh: '压缩包中 {path} 出现了两次（经由符号链接 {link}）' },
  UNKNOWN_FORMAT: { en: 'unknown archive format {format}', zh: '未知的压缩包格式 {format}' },
  TOO_MANY_PROBLEMS: { en: 'the archive holds {count} problems, more than the {max} one import may bring', zh: '压缩包中有 {count} 道题目，超过了单次导入的上限 {max} 道' },
  NO_PROBLEMS: { en: 'the archive holds no problem', zh: '压缩包中没有题目' },
  CHECKER_COMPILE: { en: '{problem}: the checker does not compile: {output}', zh: '{problem}：检查器编译失败：{output}' },
  // any problem
  NO_TEST_CASES: { en: '{where} has no test cases', zh: '{where} 没有测试数据' },
  CASE_NAME_NOT_ALLOWED: { en: '{where}: the test case file name {name} is not allowed', zh: '{where}：测试数据文件名 {name} 不合法' },
  CASE_FILE_MISSING: { en: '{where}: the test case file {file} is missing', zh: '{where}：缺少测试数据文件 {file}' },
  TIME_LIMIT_INVALID: { en: '{where}: the time limit {ms} ms is not a positive number', zh: '{where}：时间限制 {ms} ms 不是正数' },
  MEMORY_LIMIT_INVALID: { en: '{where}: the memory limit {mb} MB is not a positive number', zh: '{where}：内存限制 {mb} MB 不是正数' },
  SPJ_LANGUAGE: { en: '{where}: the SPJ is written in {language}; checkers must be C or C++', zh: '{where}：SPJ 是用 {language} 编写的，检查器只能使用 C 或 C++' },
  // files of an archive (`error`: the parser's own words)
  FILE_UNPARSABLE: { en: '{where} cannot be parsed: {error}', zh: '无法解析 {where}：{error}' },
  FILE_UNREADABLE: { en: '{where} cannot be read: {error}', zh: '无法读取 {where}：{error}' },
  JSON_INVALID: { en: '{where} is not valid JSON ({error})', zh: '{where} 不是合法的 JSON（{error}）' },
  YAML_INVALID: { en: '{where} is not valid YAML: {error}', zh: '{where} 不是合法的 YAML：{error}' },
  YAML_ALIASES: {
    en: '{where} uses YAML anchors or aliases, which are not accepted (they can expand without bound)',
    zh: '{where} 使用了 YAML 锚点或别名，不予接受（它们可能无限展开）',
  },
  YAML_NOT_MAPPING: { en: '{where} is not a YAML mapping', zh: '{where} 不是 YAML 映射（键值对）' },
  // HOJ (and our own export)
  HOJ_NO_PROBLEMS: { en: 'the archive holds no problem_N.json file at its top', zh: '压缩包顶层没有 problem_N.json 文件' },
  HOJ_TOP_NOT_JSON: { en: "{path} at the archive's top is not a problem JSON file", zh: '压缩包顶层的 {path} 不是题目 JSON 文件' },
  HOJ_NO_PROBLEM_OBJECT: { en: '{where} has no problem object with a title', zh: '{where} 中没有带标题的 problem 对象' },
  HOJ_NO_SAMPLES: { en: '{where} lists no test cases (samples)', zh: '{where} 没有列出测试点（samples）' },
  HOJ_NO_CASE_FOLDER: { en: '{where} has no {folder}/ folder with its test case files', zh: '{where} 缺少存放测试数据文件的 {folder}/ 文件夹' },
  HOJ_CASE_NO_FILES: { en: '{where}: a test case has no input or output file name', zh: '{where}：有测试点缺少输入或输出文件名' },
  HOJ_IMAGE_INCOMPLETE: { en: '{where}: an image has no key, file name or data', zh: '{where}：有图片缺少 key、文件名或数据' },
  HOJ_PROGRAM_INCOMPLETE: {
    en: '{where}: a package program has no path, language, code or expected verdict',
    zh: '{where}：有题目包程序缺少路径、语言、代码或预期结果',
  },
  HOJ_NO_LIMITS: { en: '{where}: the problem has no timeLimit or memoryLimit', zh: '{where}：题目缺少 timeLimit 或 memoryLimit' },
  HOJ_SUBTASK_DEPENDENCIES: {
    en: '{where}: subtaskDependencies must be a list of objects with a groupNum and its dependencies (a list of group numbers)',
    zh: '{where}：subtaskDependencies 必须是对象列表，每个对象包含 groupNum 及其 dependencies（组号列表）',
  },
  // QDUOJ
  QDUOJ_NO_PROBLEMS: { en: 'the archive holds no QDUOJ problem (a folder with problem.json)', zh: '压缩包中没有 QDUOJ 题目（含 problem.json 的文件夹）' },
  QDUOJ_NO_PROBLEM_JSON: { en: '{folder}/ has no problem.json', zh: '{folder}/ 中没有 problem.json' },
  QDUOJ_NO_FIELDS: { en: '{where} has no title, time_limit or memory_limit', zh: '{where} 缺少 title、time_limit 或 memory_limit' },
  QDUOJ_CASE_NO_INPUT: { en: '{where}: a test case has no input_name', zh: '{where}：有测试点缺少 input_name' },
  // FPS
  FPS_NO_XML: { en: 'the zip holds no .xml FPS file', zh: 'zip 压缩包中没有 .xml 格式的 FPS 文件' },
  FPS_DECLARATIONS: {
    en: '{where} declares a DOCTYPE or ENTITY, which is not accepted (external entities and entity expansion)',
    zh: '{where} 声明了 DOCTYPE 或 ENTITY，不予接受（以防外部实体和实体展开）',
  },
  FPS_XML_MALFORMED: {
    en: '{where} is not well-formed XML: {error} (line {line}, column {column})',
    zh: '{where} 不是格式正确的 XML：{error}（第 {line} 行，第 {column} 列）',
  },
  FPS_NO_ROOT: { en: '{where} has no <fps> root element', zh: '{where} 没有 <fps> 根元素' },
  FPS_LIMITS_UNREADABLE: { en: '{where}: the time or memory limit cannot be read', zh: '{where}：无法读取时间或内存限制' },
  FPS_CASE_COUNTS: {
    en: '{where} has {inputs} test_input and {outputs} test_output elements',
    zh: '{where} 有 {inputs} 个 test_input 元素，却有 {outputs} 个 test_output 元素',
  },
  // Hydro
  HYDRO_NO_PROBLEMS: { en: 'the archive holds no Hydro problem (a folder with problem.yaml)', zh: '压缩包中没有 Hydro 题目（含 problem.yaml 的文件夹）' },
  HYDRO_NO_PROBLEM_YAML: { en: '{file} is missing', zh: '缺少 {file}' },
  HYDRO_TYPE_UNSUPPORTED: { en: '{where}: problems of type {type} cannot be judged here', zh: '{where}：本站无法评测 {type} 类型的题目' },
  HYDRO_NO_INTERACTOR: { en: '{where}: an interactive problem without an interactor', zh: '{where}：交互题缺少交互程序' },
  HYDRO_CHECKER_LANGUAGE: { en: '{where}: the checker {file} is not in C or C++', zh: '{where}：检查器 {file} 不是用 C 或 C++ 编写的' },
  HYDRO_INTERACTOR_LANGUAGE: { en: '{where}: the interactor {file} is not in C or C++', zh: '{where}：交互程序 {file} 不是用 C 或 C++ 编写的' },
  HYDRO_TESTDATA_MISSING: {
    en: '{where}: testdata/config.yaml names {file}, which testdata/ does not hold',
    zh: '{where}：testdata/config.yaml 指定了 {file}，但 testdata/ 中没有这个文件',
  },
  HYDRO_LIMITS_UNREADABLE: {
    en: '{where}: the time or memory limit in testdata/config.yaml cannot be read',
    zh: '{where}：无法读取 testdata/config.yaml 中的时间或内存限制',
  },
  HYDRO_DEPENDENCY_UNKNOWN: {
    en: '{where}: subtask {subtask} depends (if) on subtask {dependency}, which does not exist',
    zh: '{where}：子任务 {subtask} 依赖（if）的子任务 {dependency} 不存在',
  },
  HYDRO_CASE_NO_FILES: { en: '{where}: a case in testdata/config.yaml has no input or output file', zh: '{where}：testdata/config.yaml 中有测试点缺少输入或输出文件' },
  HYDRO_NO_OUTPUT: { en: '{where}: testdata/{input} has no {base}.out or {base}.ans', zh: '{where}：testdata/{input} 没有对应的 {base}.out 或 {base}.ans' },
  // ICPC package
  ICPC_NO_PACKAGES: {
    en: 'the archive holds no ICPC problem package (a folder with problem.yaml or data/)',
    zh: '压缩包中没有 ICPC 题目包（含 problem.yaml 或 data/ 的文件夹）',
  },
  ICPC_CASE_UNPAIRED: { en: '{where}: {file} has no {partner}', zh: '{where}：{file} 没有对应的 {partner}' },
  ICPC_CASE_NAME_CLASH: { en: '{where}: {path} and {other} would get the same case name', zh: '{where}：{path} 和 {other} 会得到相同的测试点名称' },
  ICPC_VALIDATOR_LANGUAGE: {
    en: '{where}: the output validator {file} is not in C or C++, the only languages validators can use here',
    zh: '{where}：输出校验器 {file} 不是用 C 或 C++ 编写的，本站的校验器只能使用这两种语言',
  },
  ICPC_NO_VALIDATOR: {
    en: '{where}: validation is custom but output_validators/ holds no C or C++ program',
    zh: '{where}：要求自定义校验，但 output_validators/ 中没有 C 或 C++ 程序',
  },
  // Codeforces Polygon package
  POLYGON_NO_PACKAGES: {
    en: 'the archive holds no Polygon package (problem.xml at its top or in a folder)',
    zh: '压缩包中没有 Polygon 题目包（顶层或某个文件夹中的 problem.xml）',
  },
  POLYGON_NO_PROBLEM_ROOT: { en: '{where} has no <problem> root element', zh: '{where} 没有 <problem> 根元素' },
  POLYGON_NO_TESTSET: { en: '{where}: problem.xml has no tests testset', zh: '{where}：problem.xml 中没有 tests 测试集' },
  POLYGON_LIMITS_UNREADABLE: {
    en: '{where}: the time-limit or memory-limit of the tests testset cannot be read',
    zh: '{where}：无法读取 tests 测试集的 time-limit 或 memory-limit',
  },
  POLYGON_PATTERN_INVALID: {
    en: '{where}: the path pattern {pattern} has no %d (or %02d …) for the test number',
    zh: '{where}：路径模板 {pattern} 中没有表示测试点编号的 %d（或 %02d 等）',
  },
  POLYGON_TEST_MISSING: {
    en: '{where}: test {test} ({method}) needs {file}, which the package does not hold; download the package with its generated tests (Polygon’s full package, e.g. the Linux one) and import that',
    zh: '{where}：测试点 {test}（{method}）需要 {file}，但题目包中没有；请下载包含已生成测试数据的题目包（Polygon 的完整包，例如 Linux 包）再导入',
  },
  POLYGON_FILE_MISSING: { en: '{where}: problem.xml names {file}, which the package does not hold', zh: '{where}：problem.xml 指定了 {file}，但题目包中没有这个文件' },
  POLYGON_CHECKER_LANGUAGE: {
    en: '{where}: the checker {file} is of type {type}; checkers must be C or C++ here',
    zh: '{where}：检查器 {file} 的类型为 {type}，本站的检查器只能使用 C 或 C++',
  },
  POLYGON_INTERACTOR_LANGUAGE: {
    en: '{where}: the interactor {file} is of type {type}; interactors must be C or C++ here',
    zh: '{where}：交互程序 {file} 的类型为 {type}，本站的交互程序只能使用 C 或 C++',
  },
  POLYGON_DEPENDENCY_UNKNOWN: {
    en: '{where}: group {group} depends on group {dependency}, which does not exist',
    zh: '{where}：测试组 {group} 依赖的测试组 {dependency} 不存在',
  },
  POLYGON_POINTS_INVALID: { en: '{where}: test {test} has points {points}, which is not a number of at least 0', zh: '{where}：测试点 {test} 的分值 {points} 不是不小于 0 的数' },
} as const satisfies Record<string, ImportFailureDef>;

export type ImportFailureCode = keyof typeof IMPORT_FAILURES;

/** The params a code takes: each placeholder of its English sentence (its Chinese one names the same). */
export type ImportFailureParams<C extends ImportFailureCode> = PlaceholderParams<(typeof IMPORT_FAILURES)[C]['en']>;

export function isImportFailureCode(s: unknown): s is ImportFailureCode {
  return typeof s === 'string' && Object.hasOwn(IMPORT_FAILURES, s);
}

/** The names of the params a code's sentence takes, in order of first use (`lang`: which sentence). */
export function importFailureParams(code: ImportFailureCode, lang: keyof ImportFailureDef = 'en'): string[] {
  return placeholderNames(IMPORT_FAILURES[code][lang]);
}

/**
 * A place of an archive (`{where}`) in `lang`: the readers name a file or problem by its path, but by an English word
 * when there is none (a bare FPS file, a package or problem at the archive's top) and an FPS problem as
 * `<file> item <n> (<title>)`; the Chinese names these in Chinese.
 */
export function importPlace(where: string, lang: keyof ImportFailureDef): string {
  if (lang === 'en') return where;
  const item = / item (\d+) \((.*)\)$/.exec(where);
  const file = item ? where.slice(0, item.index) : where;
  const place = file === 'the FPS file' ? 'FPS 文件' : file === 'the package' ? '题目包' : file === 'the problem' ? '该题目' : file;
  return item ? `${place} 第 ${item[1]} 题（${item[2] === 'untitled' ? '无标题' : item[2]}）` : place;
}

/** A refusal's sentence in `lang`, its params filled in. */
export function formatImportFailure(code: ImportFailureCode, lang: keyof ImportFailureDef, params: Record<string, string | number>): string {
  const def: ImportFailureDef = IMPORT_FAILURES[code];
  if (lang === 'en') return fillPlaceholders(def.en, params);
  const where = params.where;
  return fillPlaceholders(def.zh, typeof where === 'string' ? { ...params, where: importPlace(where, 'zh') } : params);
}
