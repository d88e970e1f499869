// The try-it console of a reference page (plain browser script, placed inline by the
// docs build; scripts/docs-site/console.ts gives it the page's operations as JSON).
// Secrets (developer headers, agency credentials) live in sessionStorage only and go
// only to the base URL the reader chose; nothing here logs, and copies hide them.
(() => {
  const dataNode = document.getElementById('try-console-data');
  if (!dataNode) return;
  /** @type {{page: string, operations: Array<any>}} */
  const data = JSON.parse(dataNode.textContent || '{}');
  const STORE = 'air-travel-console';
  const PLACEHOLDERS = {
    'developer-token': '<DEVELOPER_TOKEN>',
    'developer-access-code': '<ACCESS_CODE>',
  };
  const MAX_ERRORS = 20;

  const stored = () => {
    try {
      return JSON.parse(sessionStorage.getItem(STORE) || '{}');
    } catch {
      return {};
    }
  };
  const remember = (key, value) => {
    const all = stored();
    if (value === '') delete all[key];
    else all[key] = value;
    try {
      sessionStorage.setItem(STORE, JSON.stringify(all));
    } catch {
      // Storage refused (private mode quotas): the value lives only in the field.
    }
  };
  const defaultBase = () => (location.protocol === 'http:' || location.protocol === 'https:' ? location.origin : 'http://127.0.0.1:4010');

  /** Builds an element; text only through textContent. */
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === false || v === undefined) continue;
      if (k === 'text') node.textContent = v;
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c) node.append(c);
    return node;
  };

  // ---- checks as you type: the compiled validators the mock and the MSW handlers run
  // (ajv standalone code placed beside this script by the docs build; nothing compiled here),
  // their violations worded as the mock words them.
  const compiled = /** @type {any} */ (globalThis).tryConsoleValidators || {};
  // Which fields and headers are secrets: the contract index's own names (src/lib/contract-index.ts,
  // bundled into the validators script), however a key is spelt. Without that script, every one is.
  const indexed = (name) => (typeof compiled[name] === 'function' ? compiled[name] : () => true);
  const isRedactedField = indexed('isRedactedField');
  const isSecretField = indexed('isSecretField');
  const isSecretHeader = indexed('isSecretHeader');
  const credentialKind = typeof compiled.credentialKind === 'function' ? compiled.credentialKind : () => undefined;
  const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
  function check(op, value) {
    const validate = op.validator ? compiled[op.validator] : undefined;
    if (typeof validate !== 'function' || validate(value)) return [];
    return (validate.errors || []).slice(0, MAX_ERRORS).map((error) => {
      const params = error.params || {};
      const extra = params.missingProperty ?? params.additionalProperty;
      const at = `${error.instancePath}${typeof extra === 'string' ? `/${extra}` : ''}`;
      const message = typeof compiled.prismViolation === 'function' ? compiled.prismViolation(error).message : error.message;
      return { at, message };
    });
  }

  // ---- the drawer
  let current = null;
  let opener = null;
  const ids = (name) => `try-console-${name}`;
  const input = (name, label, type, hint) => {
    const field = el('input', { id: ids(name), name, type, autocomplete: 'off', spellcheck: 'false' });
    const problem = el('p', { class: 'field-problem', id: ids(`${name}-problem`), 'aria-live': 'polite' });
    field.setAttribute('aria-describedby', problem.id);
    return { field, block: el('div', {}, el('label', { for: field.id, text: label }), field, hint ? el('p', { class: 'hint', text: hint }) : null, problem), problem };
  };
  const base = input('base', 'Base URL (calls go here and nowhere else)', 'url');
  // A field typed into is masked when the index holds its value secret (the developer headers, the password).
  const masked = (name, where) => ((where === 'header' ? isSecretHeader(name) : isSecretField(name)) ? 'password' : 'text');
  const secrets = {
    'developer-token': input('developer-token', 'developer-token (header)', masked('developer-token', 'header')),
    'developer-access-code': input('developer-access-code', 'developer-access-code (header)', masked('developer-access-code', 'header')),
    Login: input('login', 'Login (body)', masked('Login', 'body')),
    Senha: input('senha', 'Senha (body)', masked('Senha', 'body')),
    ClienteId: input('clienteid', 'ClienteId (body, optional)', masked('ClienteId', 'body')),
  };
  // Not a secret: which answer to ask the mock for (RFC 7240 `Prefer`, as the mock reads it).
  const prefer = input('prefer', 'Prefer header (optional; e.g. code=200 or example=NAME: which answer the mock gives)', 'text');
  // The route's `{parameters}` (V1's `{Operation}`), one field each, filled in before a call.
  const pathBox = el('div', { id: ids('path-params') });
  /** @type {Map<string, {field: HTMLInputElement, problem: HTMLElement}>} */
  const pathParams = new Map();
  const editor = el('textarea', { id: ids('body'), name: 'body', spellcheck: 'false', 'aria-describedby': ids('body-errors') });
  const bodyErrors = el('ul', { class: 'errors', id: ids('body-errors'), 'aria-live': 'polite' });
  const bodyFrom = el('p', { class: 'hint', id: ids('body-from') });
  const send = el('button', { type: 'submit', id: ids('send'), text: 'Send' });
  const copy = el('button', { type: 'button', class: 'secondary', id: ids('copy'), text: 'Copy as curl' });
  const withSecrets = el('input', { type: 'checkbox', id: ids('with-secrets') });
  const curl = el('pre', { id: ids('curl'), hidden: true });
  const statusLine = el('p', { class: 'status-line', id: ids('status'), 'aria-live': 'polite' });
  const answerHeaders = el('pre', { id: ids('headers'), hidden: true });
  const answerBody = el('pre', { id: ids('answer'), hidden: true });
  const fieldProblems = el('ul', { class: 'errors', id: ids('problems') });
  const title = el('h2', { id: ids('title') });
  const route = el('p', { class: 'route' });
  const counterpart = el('p', { class: 'counterpart', hidden: true });
  const close = el('button', { type: 'button', class: 'secondary close', id: ids('close'), text: 'Close', 'aria-label': 'Close the console' });
  const form = el(
    'form',
    { id: ids('form'), novalidate: true },
    base.block,
    pathBox,
    el(
      'fieldset',
      {},
      el('legend', { text: 'Credentials (this tab only: sessionStorage)' }),
      ...Object.values(secrets).map((s) => s.block),
      el('p', { class: 'hint', text: 'Kept in this tab\u2019s sessionStorage only, sent only to the base URL above. Filled fields replace the body\u2019s.' }),
    ),
    el('label', { for: editor.id, text: 'Request body (JSON; Ctrl+Enter sends)' }),
    bodyFrom,
    editor,
    bodyErrors,
    prefer.block,
    el(
      'div',
      { class: 'actions' },
      send,
      copy,
      el('label', { for: withSecrets.id, text: '' }, withSecrets, document.createTextNode(' include my secrets in the copy')),
    ),
    curl,
    el('h3', { text: 'Answer' }),
    statusLine,
    fieldProblems,
    answerHeaders,
    answerBody,
  );
  const drawer = el('aside', { id: 'try-console', hidden: true, 'aria-labelledby': title.id }, close, title, route, counterpart, form);
  document.body.append(drawer);

  base.field.value = stored().base || defaultBase();
  for (const [key, s] of Object.entries(secrets)) s.field.value = stored()[key] || '';
  prefer.field.value = stored().prefer || '';
  base.field.addEventListener('input', () => remember('base', base.field.value.trim()));
  prefer.field.addEventListener('input', () => remember('prefer', prefer.field.value.trim()));
  for (const [key, s] of Object.entries(secrets)) s.field.addEventListener('input', () => remember(key, s.field.value));

  const parseBody = () => {
    const text = editor.value.trim();
    if (text === '') return { ok: true, value: undefined };
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (error) {
      return { ok: false, message: `not JSON: ${error.message}` };
    }
  };
  const showChecks = () => {
    bodyErrors.replaceChildren();
    if (!current) return;
    const parsed = parseBody();
    const errors = [];
    if (!parsed.ok) errors.push({ at: '', message: parsed.message });
    else if (parsed.value !== undefined) errors.push(...check(current, withCredentials(parsed.value)));
    editor.setAttribute('aria-invalid', String(errors.length > 0));
    for (const e of errors) bodyErrors.append(el('li', { 'data-field': e.at, text: `${e.at || 'body'} ${e.message}` }));
  };
  editor.addEventListener('input', showChecks);

  /** The body as sent: the credentials typed replace the body's own, wherever the operation's body carries them. */
  function withCredentials(body) {
    if (typeOf(body) !== 'object' || !current) return body;
    const out = structuredClone(body);
    for (const { path, field } of current.credentials || []) {
      const typed = secrets[field].field.value;
      if (typed === '') continue;
      let holder = out;
      for (const key of path.slice(0, -1)) {
        if (typeOf(holder[key]) !== 'object') holder[key] = {};
        holder = holder[key];
      }
      holder[path.at(-1)] = field === 'ClienteId' && /^\d+$/.test(typed) ? Number(typed) : typed;
    }
    return out;
  }

  // Fields a copy never shows unless asked, at any depth and however spelt: those the contract
  // index redacts (the login and password, the second factor, the session token, any secret).
  const PLACEHOLDER = { login: '<LOGIN>', password: '<PASSWORD>' };
  const placeholder = (key) =>
    PLACEHOLDER[credentialKind(key)] ||
    `<${key.replace(/[^A-Za-z0-9]+/g, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase() || 'SECRET'}>`;
  function hidden(value, depth = 0) {
    if (depth > 32 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => hidden(item, depth + 1));
    const out = {};
    for (const [key, inner] of Object.entries(value)) out[key] = isRedactedField(key) ? placeholder(key) : hidden(inner, depth + 1);
    return out;
  }

  // As the typed client: https, or plain http on a loopback host only (a local mock).
  const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
  const target = () => {
    const chosen = base.field.value.trim() || defaultBase();
    const url = new URL(chosen);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
      throw new Error('The base URL must use https:// (plain http:// only on a loopback host: 127.0.0.1, localhost, [::1]).');
    if (url.username || url.password || url.search || url.hash) throw new Error('The base URL must not carry user information, a query or a fragment.');
    let route = current.path;
    for (const [name, param] of pathParams) {
      const value = param.field.value.trim();
      if (value === '') throw Object.assign(new Error(`Fill the path parameter ${name}.`), { param });
      route = route.replace(`{${name}}`, encodeURIComponent(value));
    }
    return `${url.href.replace(/\/+$/, '')}${route}`;
  };

  const clearProblems = () => {
    fieldProblems.replaceChildren();
    for (const s of [base, ...Object.values(secrets), ...pathParams.values()]) {
      s.problem.textContent = '';
      s.field.removeAttribute('aria-invalid');
    }
  };
  /** A problem's violation shown against the field it names: a credential or header input, else a body field. */
  const placeViolation = (v) => {
    const location = Array.isArray(v.location) ? v.location.map(String) : [];
    // The mock names `request`, then where (`body`, `header`), then the path inside.
    if (location[0] === 'request') location.shift();
    const [where, ...rest] = location;
    const name = rest.join('/');
    const message = typeof v.message === 'string' ? v.message : JSON.stringify(v);
    // Own names only: a violation at `constructor` or `__proto__` names no input.
    const own = (key) => (typeof key === 'string' && Object.hasOwn(secrets, key) ? secrets[key] : undefined);
    const input = where === 'header' ? own(rest[0]?.toLowerCase()) : where === 'body' && rest.length === 1 ? own(rest[0]) : undefined;
    if (input) {
      input.problem.textContent = message;
      input.field.setAttribute('aria-invalid', 'true');
    }
    fieldProblems.append(el('li', { 'data-field': `/${name}`, 'data-in': where || '', text: `${where || ''} ${name ? `/${name}` : ''}: ${message}` }));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!current) return;
    clearProblems();
    answerHeaders.hidden = true;
    answerBody.hidden = true;
    const parsed = parseBody();
    if (!parsed.ok) {
      statusLine.dataset.ok = 'false';
      statusLine.textContent = `Not sent: the body is ${parsed.message}`;
      return;
    }
    let url;
    try {
      url = target();
    } catch (error) {
      const where = error.param || base;
      where.problem.textContent = error.message;
      where.field.setAttribute('aria-invalid', 'true');
      statusLine.dataset.ok = 'false';
      statusLine.textContent = `Not sent: ${error.message}`;
      return;
    }
    const headers = { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' };
    for (const name of current.headers) if (secrets[name]?.field.value) headers[name] = secrets[name].field.value;
    if (prefer.field.value.trim() !== '') headers.prefer = prefer.field.value.trim();
    // One call at a time; the button stays focusable (a disabled one would drop the keyboard's focus).
    if (form.getAttribute('aria-busy') === 'true') return;
    form.setAttribute('aria-busy', 'true');
    statusLine.dataset.ok = '';
    statusLine.textContent = 'Sending\u2026';
    try {
      const body = parsed.value === undefined ? undefined : JSON.stringify(withCredentials(parsed.value));
      // A redirect is not followed (as the typed client does not): following a 307/308 would
      // resend the developer headers and the body with the password to wherever it points.
      const answer = await fetch(url, {
        method: current.method,
        headers,
        body,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
        redirect: 'manual',
      });
      if (answer.type === 'opaqueredirect' || (answer.status >= 300 && answer.status < 400)) {
        statusLine.dataset.ok = 'false';
        statusLine.textContent = `Not followed: ${new URL(url).origin} answered with a redirect. The console does not follow one, as it would send the developer headers and the body (the password) again, elsewhere.`;
        statusLine.scrollIntoView({ block: 'nearest' });
        return;
      }
      const text = await answer.text();
      statusLine.dataset.ok = String(answer.ok);
      statusLine.textContent = `${answer.status} ${answer.statusText}`.trim();
      answerHeaders.textContent = [...answer.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
      answerHeaders.hidden = false;
      let shown = text;
      try {
        const json = JSON.parse(text);
        shown = JSON.stringify(json, null, 2);
        if (Array.isArray(json?.validation)) json.validation.forEach(placeViolation);
        else if (!answer.ok && typeof json?.detail === 'string') fieldProblems.append(el('li', { text: json.detail }));
      } catch {
        // Not JSON: shown as it came.
      }
      answerBody.textContent = shown;
      answerBody.hidden = false;
      // The answer is below the form: brought into view.
      statusLine.scrollIntoView({ block: 'start' });
    } catch (error) {
      statusLine.dataset.ok = 'false';
      statusLine.textContent = `No answer from ${new URL(url).origin}: ${error.message} (is the mock running there, with CORS on?)`;
    } finally {
      form.removeAttribute('aria-busy');
    }
  });
  editor.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });

  const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  copy.addEventListener('click', () => {
    if (!current) return;
    const reveal = withSecrets.checked;
    let url;
    try {
      url = target();
    } catch {
      url = `<BASE_URL>${current.path}`;
    }
    const lines = [`curl -X ${current.method} ${quote(url)}`, `  -H ${quote('content-type: application/json; charset=utf-8')}`];
    for (const name of current.headers) {
      const typed = secrets[name]?.field.value;
      const shown = typed && (reveal || !isSecretHeader(name)) ? typed : PLACEHOLDERS[name] || `<${name.toUpperCase()}>`;
      lines.push(`  -H ${quote(`${name}: ${shown}`)}`);
    }
    if (prefer.field.value.trim() !== '') lines.push(`  -H ${quote(`prefer: ${prefer.field.value.trim()}`)}`);
    const parsed = parseBody();
    if (parsed.ok && parsed.value !== undefined) {
      const sent = withCredentials(parsed.value);
      lines.push(`  --data-raw ${quote(JSON.stringify(reveal ? sent : hidden(sent)))}`);
    } else if (!parsed.ok && reveal) lines.push(`  --data-raw ${quote(editor.value)}`);
    else if (!parsed.ok) lines.push(`  --data-raw ${quote('<BODY: not JSON, left out as it may hold a password; tick the box to copy it as typed>')}`);
    const text = lines.join(' \\\n');
    curl.textContent = text;
    curl.hidden = false;
    navigator.clipboard?.writeText(text).catch(() => undefined);
  });

  const open = (op, from) => {
    current = op;
    opener = from || null;
    title.textContent = `Try ${op.operationId}`;
    route.textContent = `${op.method} ${op.path}`;
    bodyFrom.textContent =
      op.bodyFrom === 'capture'
        ? 'Prefilled with a captured, sanitized body (observed, not published).'
        : op.bodyFrom === 'example'
          ? 'Prefilled with the published example.'
          : 'Prefilled with every published field: the values the schema offers, <Name> placeholders otherwise (the contract publishes no example).';
    pathParams.clear();
    pathBox.replaceChildren();
    for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
      const param = input(`path-${name.toLowerCase()}`, `${name} (path parameter)`, 'text', `Fills {${name}} in ${op.path}`);
      param.field.value = stored()[`path:${name}`] || '';
      param.field.addEventListener('input', () => remember(`path:${name}`, param.field.value.trim()));
      pathParams.set(name, param);
      pathBox.append(param.block);
    }
    editor.value = JSON.stringify(op.body ?? {}, null, 2);
    if (op.counterpart) {
      counterpart.replaceChildren(el('a', { href: op.counterpart.href, text: op.counterpart.label }));
      counterpart.hidden = false;
    } else counterpart.hidden = true;
    clearProblems();
    statusLine.textContent = '';
    answerHeaders.hidden = true;
    answerBody.hidden = true;
    curl.hidden = true;
    drawer.hidden = false;
    drawer.dataset.operation = op.operationId;
    showChecks();
    editor.focus();
  };
  const shut = () => {
    drawer.hidden = true;
    opener?.focus();
  };
  close.addEventListener('click', shut);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !drawer.hidden) shut();
  });

  // ---- a "Try it" button on every operation Redoc draws (again if Redoc redraws it); a link
  // from the landing page (`?try#/section`) opens the console of the operation it leads to, once drawn.
  const bySection = new Map(data.operations.map((op) => [op.section, op]));
  let asked = new URLSearchParams(location.search).has('try') ? bySection.get(decodeURIComponent(location.hash.slice(1)))?.operationId : undefined;
  const place = () => {
    for (const section of document.querySelectorAll('[data-section-id]')) {
      const op = bySection.get(section.getAttribute('data-section-id'));
      if (!op || section.querySelector(':scope .try-it')) continue;
      const heading = section.querySelector('h2');
      if (!heading) continue;
      const button = el('button', { type: 'button', class: 'try-it', 'data-operation': op.operationId, text: `Try ${op.operationId}` });
      button.addEventListener('click', () => open(op, button));
      heading.after(button);
      if (asked === op.operationId) {
        asked = undefined;
        open(op, button);
      }
    }
  };
  const root = document.getElementById('redoc') || document.body;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      place();
    });
  }).observe(root, { childList: true, subtree: true });
  place();
})();
