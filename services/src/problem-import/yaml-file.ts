// YAML of an archive (Hydro's problem.yaml and config.yaml, ICPC's problem.yaml and testdata.yaml), parsed without
// trust: anchors and aliases are refused outright (a "billion laughs" document expands through them), and any
// syntax error fails the import naming the file.
import { isAlias, isNode, parseDocument, visit } from 'yaml';
import { importFailed } from './archive';
import { asObject, type Fields } from './fields';

/** Parsed YAML mapping of file `where` (an empty file is an empty mapping); refuses aliases and bad syntax. */
export function readYaml(source: string, where: string): Fields {
  let doc;
  try {
    doc = parseDocument(source, { prettyErrors: false, uniqueKeys: false });
  } catch (e) {
    throw importFailed('FILE_UNPARSABLE', { where, error: (e as Error).message });
  }
  const err = doc.errors[0];
  if (err) throw importFailed('YAML_INVALID', { where, error: err.message.split('\n')[0]! });
  let alias = false;
  visit(doc, (_key, node) => {
    if (isAlias(node) || (isNode(node) && node.anchor)) {
      alias = true;
      return visit.BREAK;
    }
    return undefined;
  });
  if (alias) throw importFailed('YAML_ALIASES', { where });
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 0 });
  } catch (e) {
    throw importFailed('FILE_UNREADABLE', { where, error: (e as Error).message });
  }
  if (value === null || value === undefined) return {};
  const o = asObject(value);
  if (!o) throw importFailed('YAML_NOT_MAPPING', { where });
  return o;
}
