// XML of an archive (FPS files, Polygon's problem.xml), checked before it is parsed: a DOCTYPE that only names an
// external DTD is blanked, any other DOCTYPE or ENTITY declaration is refused (external entities, entity expansion),
// and malformed XML fails naming the file, its line and column. The refusals keep the FPS codes they were made for.
import { XMLValidator } from 'fast-xml-parser';
import { importFailed } from './archive';

const QUOTED = `(?:"[^"]*"|'[^']*')`;
/**
 * The prolog's DOCTYPE when it only names an external DTD (`<!DOCTYPE fps PUBLIC "…" "…dtd">`, HUSTOJ's header; or
 * `SYSTEM "…"`): it declares nothing, and the parser never fetches it.
 */
const EXTERNAL_DOCTYPE = new RegExp(`^(\\s*(?:<\\?xml[^?]*\\?>\\s*)?(?:<!--(?:[^-]|-(?!->))*-->\\s*)*)<!DOCTYPE\\s+[\\w:.-]+\\s*(?:(?:PUBLIC\\s+${QUOTED}\\s+${QUOTED}|SYSTEM\\s+${QUOTED})\\s*)?>`);

/**
 * The XML with an external-only DOCTYPE blanked (line breaks kept, so errors keep their line); refuses any other
 * DOCTYPE (an internal subset) or ENTITY declaration outside CDATA sections and comments.
 */
function withoutDeclarations(xml: string, where: string): string {
  const text = xml.replace(EXTERNAL_DOCTYPE, (whole, prolog: string) => prolog + whole.slice(prolog.length).replace(/[^\n]/g, ' '));
  const bare = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  if (/<!(DOCTYPE|ENTITY)/i.test(bare)) throw importFailed('FPS_DECLARATIONS', { where });
  return text;
}

/** XML text `source` of file `where`, safe to parse: declarations refused (an external-only DOCTYPE blanked), well-formed. */
export function checkedXml(source: string, where: string): string {
  const xml = withoutDeclarations(source, where);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw importFailed('FPS_XML_MALFORMED', { where, error: valid.err.msg, line: valid.err.line, column: valid.err.col });
  return xml;
}
