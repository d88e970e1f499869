// Rulesets shipped by packages are typed loosely (or, for a dual CommonJS/ESM
// package, typed for the other build); check their shape instead of casting.
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { isRecord } from '../src/lib/json.ts';

function isRulesetDefinition(value: unknown): value is RulesetDefinition {
  return isRecord(value) && isRecord(value['rules']);
}

export function asRuleset(value: unknown, name: string): RulesetDefinition {
  const candidate = isRecord(value) && !isRecord(value['rules']) ? value['default'] : value;
  if (!isRulesetDefinition(candidate)) throw new Error(`${name} does not export a Spectral ruleset (an object with \`rules\`)`);
  return candidate;
}
