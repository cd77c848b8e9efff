// A Markdown statement split into the problem's fields at its section headings (English or Chinese: Input /
// 输入格式, Output / 输出格式, Notes / 提示 …); headings of the description and of empty sample sections are dropped.
type Field = 'description' | 'input' | 'output' | 'hint';

/** Which field a heading starts, `drop` for a heading whose section is not kept, or null to keep the heading. */
function sectionOf(heading: string): Field | 'drop' | null {
  const h = heading.trim().toLowerCase().replace(/[:：]$/, '');
  if (/^(input( format| specification)?|输入|输入格式|输入描述)$/.test(h)) return 'input';
  if (/^(output( format| specification)?|输出|输出格式|输出描述)$/.test(h)) return 'output';
  if (/^(notes?|hints?|explanation|提示|说明|数据范围(与|和)?提示|数据范围)$/.test(h)) return 'hint';
  if (/^(description|problem description|statement|题目描述|问题描述|题目背景)$/.test(h)) return 'description';
  if (/^(samples?|examples?|sample (input|output)( \d+)?|样例|样例输入( ?\d+)?|样例输出( ?\d+)?|输入输出样例( ?\d+)?)$/.test(h)) return 'drop';
  return null;
}

/** Splits Markdown at its section headings; a leading `# Title` gives the title. */
export function splitMarkdown(md: string): { title?: string; fields: Record<Field, string> } {
  const fields: Record<Field, string[]> = { description: [], input: [], output: [], hint: [] };
  let current: Field | 'drop' = 'description';
  let title: string | undefined;
  const sample: string[] = [];
  for (const line of md.split('\n')) {
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (h && h[1] === '#' && title === undefined && fields.description.every((l) => !l.trim())) {
      title = h[2];
      continue;
    }
    const target = h ? sectionOf(h[2]!) : null;
    if (target === 'drop') sample.push(line);
    if (target) current = target;
    else if (current === 'drop') sample.push(line);
    else fields[current].push(line);
  }
  // A samples section is dropped when it only framed the examples (now shown from the data); text in it is kept.
  if (sample.some((l) => l.trim() && !/^#/.test(l))) fields.hint.push('', ...sample);
  const join = (k: Field) => fields[k].join('\n').trim();
  return { title, fields: { description: join('description'), input: join('input'), output: join('output'), hint: join('hint') } };
}
