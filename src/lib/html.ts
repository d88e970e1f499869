// Safe-by-default HTML building for the docs site: every value interpolated into
// `html` is escaped unless it is already an `Html` value made by this module.

export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: literal parts are trusted markup, interpolations are escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Markup that is trusted as is: the hand-written guide fragments under docs/. */
export function trusted(markup: string): Html {
  return new Html(markup);
}

/**
 * Escapes text and turns `code spans` into <code> elements: enough for the short
 * reasons (x-inferred, descriptions) shown in tables, without a Markdown renderer.
 */
export function inlineCode(text: string): Html {
  const parts = text.split('`');
  return new Html(
    parts
      .map((part, i) =>
        i % 2 === 1 && i < parts.length - 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(i % 2 === 1 ? `\`${part}` : part),
      )
      .join(''),
  );
}
