// Part 5 and Part 9: developer headers on every call, HTTPS only, unpublished addresses.
import { describe, expect, test } from 'vitest';
import { objectOf, loadBundle, operations } from '../support/bundle.ts';
import { isObject, type JsonObject } from '../../src/lib/json.ts';

const doc = loadBundle('v2-pt');

describe('V2 Portuguese security and servers', () => {
  const schemes = objectOf(doc, (doc.components as Record<string, never>).securitySchemes);

  test('the two developer headers are apiKey schemes with the exact header names', () => {
    const byHeader: Record<string, JsonObject> = Object.fromEntries(
      Object.values(schemes).map((s) => [String(objectOf(doc, s).name), objectOf(doc, s)]),
    );
    expect(Object.keys(byHeader).sort()).toEqual(['developer-access-code', 'developer-token']);
    for (const scheme of Object.values(byHeader)) {
      expect(scheme.type).toBe('apiKey');
      expect(scheme.in).toBe('header');
    }
    expect(String(byHeader['developer-token']?.description)).toMatch(/GUID/);
    expect(String(byHeader['developer-access-code']?.description)).toMatch(/Base64/);
  });

  test.each(operations(doc).map((o) => [o.operation.operationId as string, o.operation]))(
    '%s requires both developer headers together',
    (_name, op) => {
      const effective = (op.security ?? doc.security) as Array<Record<string, string[]>>;
      expect(effective.length).toBeGreaterThan(0);
      // Every alternative must carry both schemes: no way to call with one header only.
      for (const requirement of effective) {
        const headers = Object.keys(requirement)
          .map((k) => objectOf(doc, schemes[k]).name)
          .sort();
        expect(headers).toEqual(['developer-access-code', 'developer-token']);
      }
    },
  );

  test('only https servers, each address a server variable', () => {
    const servers = doc.servers as Array<{ url: string; variables?: Record<string, { default: string }> }>;
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      expect(server.url).toMatch(/^https:\/\/\{[a-z_]+\}$/);
      const variable = server.url.slice('https://{'.length, -1);
      expect(isObject(server.variables?.[variable])).toBe(true);
      // Unpublished addresses default to a reserved name that cannot resolve.
      expect(server.variables?.[variable]?.default).toMatch(/\.invalid$/);
    }
    const names = servers.map((s) => s.url);
    expect(names).toContain('https://{sandbox_base_url}');
    expect(names).toContain('https://{base_url}');
  });
});
