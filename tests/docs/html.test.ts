import { describe, expect, test } from 'vitest';
import { escapeHtml, html, inlineCode, trusted } from '../../src/lib/html.ts';

describe('html', () => {
  test('escapes every interpolated value', () => {
    const evil = `<img src=x onerror="alert('x')">&`;
    expect(html`<p title="${evil}">${evil}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</p>',
    );
  });

  test('nests built fragments and arrays without escaping them twice', () => {
    const items = ['a<b', 'c'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
    expect(html`${trusted('<b>ok</b>')}`.value).toBe('<b>ok</b>');
  });

  test('renders nothing for null, undefined and false; numbers as text', () => {
    expect(html`[${null}${undefined}${false}${0}${7}]`.value).toBe('[07]');
  });

  test('inlineCode turns code spans into <code> and escapes the rest', () => {
    expect(inlineCode('send `Login` and <b>`Senha`</b>').value).toBe('send <code>Login</code> and &lt;b&gt;<code>Senha</code>&lt;/b&gt;');
    expect(inlineCode('odd ` tick').value).toBe('odd ` tick');
    expect(escapeHtml('"\'')).toBe('&quot;&#39;');
  });
});
