// Spectral, in process, on a bundled document (path-item $refs in the sources trip
// its 3.1 schema check, so it always reads the bundle).
import spectralCore from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

const { Spectral, Document } = spectralCore;

export interface SpectralFinding {
  code: string;
  message: string;
  path: string[];
  severity: number;
  line: number;
}

let instance: InstanceType<typeof Spectral> | undefined;

function spectral(): InstanceType<typeof Spectral> {
  if (!instance) {
    instance = new Spectral();
    // Mirrors .spectral.yaml.
    instance.setRuleset({
      extends: [[oas, 'recommended']],
      rules: { 'info-contact': 'off', 'operation-success-response': 'error' },
    } as never);
  }
  return instance;
}

export async function spectralLint(bundlePath: string, text: string): Promise<SpectralFinding[]> {
  const results = await spectral().run(new Document(text, Parsers.Yaml, bundlePath));
  return results.map((r) => ({
    code: String(r.code),
    message: r.message,
    path: r.path.map(String),
    severity: r.severity,
    line: r.range.start.line + 1,
  }));
}
