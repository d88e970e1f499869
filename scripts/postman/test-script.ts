// The test script every request of a collection carries: the answer is 2xx, and a 4xx
// answer is a problem body whose `detail` names the field (how the mock refuses a call;
// the service's own error format is not published, so nothing more is asserted).
export const TEST_SCRIPT: readonly string[] = [
  "pm.test('answered 2xx', function () {",
  '  pm.expect(pm.response.code).to.be.within(200, 299);',
  '});',
  'if (pm.response.code >= 400 && pm.response.code < 500) {',
  "  pm.test('a 4xx is a problem body that names the field', function () {",
  '    const problem = pm.response.json();',
  "    pm.expect(problem.detail).to.be.a('string');",
  "    pm.expect(problem.detail).to.match(/body\\.[A-Za-z]|property '[A-Za-z]|developer-[a-z]/);",
  '  });',
  '}',
];
