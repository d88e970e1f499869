// OWASP is adopted whole: the only rules off are those listed with a reason in
// lint/owasp.ts, each of which exists, and every other OWASP rule keeps its own
// severity in the ruleset the CLI and the pipeline load.
import { Ruleset } from '@stoplight/spectral-core';
import { expect, test } from 'vitest';
import { owaspOff, owaspRuleset } from '../../lint/owasp.ts';
import { ruleset } from '../../lint/ruleset.ts';

const owaspRules = new Ruleset(owaspRuleset).rules;
const effective = new Ruleset(ruleset).rules;

test('every rule turned off is an OWASP rule and has a reason', () => {
  expect(Object.keys(owaspOff).filter((name) => !(name in owaspRules))).toEqual([]);
  for (const [name, reason] of Object.entries(owaspOff)) expect(reason.length, name).toBeGreaterThan(20);
});

test('the listed rules are off, all other OWASP rules on at their own severity', () => {
  const names = Object.keys(owaspRules);
  expect(names.length).toBeGreaterThan(Object.keys(owaspOff).length);
  for (const name of names) {
    const rule = effective[name];
    expect(rule, name).toBeDefined();
    if (name in owaspOff) {
      expect(rule?.enabled, name).toBe(false);
    } else {
      expect(rule?.enabled, name).toBe(true);
      expect(rule?.severity, name).toBe(owaspRules[name]?.severity);
    }
  }
});
