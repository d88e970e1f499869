// Joins the families' bundles into one document so one Prism serves every route
// family at the paths the real service uses. Paths never collide (each family has its
// own prefix); a component name shared by two families must mean the same schema.
import { isDeepStrictEqual } from 'node:util';
import { HTTP_METHODS } from '../lib/json.ts';

type Doc = Record<string, unknown>;
type Section = Record<string, unknown>;

export interface FamilyDocument {
  id: string;
  doc: Doc;
}

export function joinDocuments(families: FamilyDocument[], title: string): Doc {
  const paths: Section = {};
  const components: Record<string, Section> = {};
  for (const { id, doc } of families) {
    const globalSecurity = doc.security;
    for (const [route, item] of Object.entries((doc.paths ?? {}) as Record<string, Section>)) {
      if (route in paths) throw new Error(`${id}: path ${route} is also served by another family`);
      const copy: Section = { ...item };
      // Global security belongs to the family's document; carry it onto its operations.
      for (const method of HTTP_METHODS) {
        const op = copy[method] as Section | undefined;
        if (op && op.security === undefined && globalSecurity !== undefined) copy[method] = { ...op, security: globalSecurity };
      }
      paths[route] = copy;
    }
    for (const [kind, entries] of Object.entries((doc.components ?? {}) as Record<string, Section>)) {
      const target = (components[kind] ??= {});
      for (const [name, value] of Object.entries(entries)) {
        if (name in target && !isDeepStrictEqual(target[name], value)) {
          throw new Error(`${id}: components.${kind}.${name} differs from the one another family defines`);
        }
        target[name] = value;
      }
    }
  }
  return { openapi: '3.1.0', info: { title, version: '1.0.0' }, paths, components };
}
