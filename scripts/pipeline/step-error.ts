// A pipeline failure always says which family and which step failed.
export class StepError extends Error {
  readonly family: string;
  readonly step: string;
  readonly details: string;
  constructor(family: string, step: string, details: string) {
    super(`[${family}] ${step} failed:\n${details}`);
    this.name = 'StepError';
    this.family = family;
    this.step = step;
    this.details = details;
  }
}
