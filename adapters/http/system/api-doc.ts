// The call list of docs/api.md, written from the OpenAPI document the server publishes
// (adapters/http/system/openapi.ts), so the list cannot drift from the routes:
// adapters/http/system/api-doc.test.ts compares the two and rewrites the file on request.

interface Operation {
  readonly summary?: string;
  readonly tags?: readonly string[];
  readonly 'x-foyer-permission'?: string;
}

export const GENERATED_START = '<!-- calls: generated from /api/openapi.json, do not edit by hand -->';
export const GENERATED_END = '<!-- end of generated calls -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** One table per tag: method, path, what the call does, the staff permission it needs. */
export const callTables = (document: { paths: Record<string, Record<string, Operation>> }): string => {
  const byTag = new Map<string, string[]>();
  const paths = Object.keys(document.paths).sort((a, b) => a.localeCompare(b));
  for (const path of paths) {
    const methods = Object.keys(document.paths[path]!).sort();
    for (const method of methods) {
      const operation = document.paths[path]![method]!;
      const tag = operation.tags?.[0] ?? 'other';
      const permission = operation['x-foyer-permission'];
      const row = `| ${method.toUpperCase()} | \`${path}\` | ${cell(operation.summary ?? '')} | ${permission ? `\`${permission}\`` : ''} |`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((tag) =>
      [
        `### ${tag}`,
        '',
        '| method | path | what it does | staff permission |',
        '|---|---|---|---|',
        ...byTag.get(tag)!,
      ].join('\n'),
    );
  return [GENERATED_START, '', ...sections.flatMap((s) => [s, '']), GENERATED_END].join('\n');
};

/** The document with its generated part replaced. */
export const withCallTables = (markdown: string, tables: string): string => {
  const start = markdown.indexOf(GENERATED_START);
  const end = markdown.indexOf(GENERATED_END);
  if (start < 0 || end < start) throw new Error('docs/api.md has lost its generated-calls markers');
  return markdown.slice(0, start) + tables + markdown.slice(end + GENERATED_END.length);
};
