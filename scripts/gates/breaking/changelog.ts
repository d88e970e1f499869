// Reading a family's CHANGELOG.md: one `## <version>` heading per released
// version (`## 2.0.0 — 2026-12-01` or `## [2.0.0] - 2026-12-01`), newest first.

export interface ChangelogEntry {
  version: string;
  /** The entry's text up to the next `## ` heading. */
  body: string;
  /** 1-based line of the heading. */
  line: number;
}

const HEADING = /^##\s+\[?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\]?(?=\s|$)/;

export function parseChangelog(text: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let current: { version: string; line: number; lines: string[] } | undefined;
  const close = () => {
    if (current) entries.push({ version: current.version, body: current.lines.join('\n'), line: current.line });
  };
  text.split(/\r?\n/).forEach((line, i) => {
    if (/^##\s/.test(line)) {
      close();
      const m = HEADING.exec(line);
      current = m?.[1] ? { version: m[1], line: i + 1, lines: [] } : undefined;
    } else if (current) {
      current.lines.push(line);
    }
  });
  close();
  return entries;
}

export function duplicateVersions(entries: ChangelogEntry[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const e of entries) (seen.has(e.version) ? dups : seen).add(e.version);
  return [...dups];
}
