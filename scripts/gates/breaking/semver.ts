// The few semantic-version questions the gate asks of `info.version`.

export interface Version {
  major: number;
  minor: number;
  patch: number;
  prerelease: string;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | undefined {
  const m = SEMVER.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease: m[4] ?? '' };
}

/** Negative, zero or positive as `a` is lower than, equal to or higher than `b`. */
export function compareVersions(a: Version, b: Version): number {
  for (const part of ['major', 'minor', 'patch'] as const) {
    if (a[part] !== b[part]) return a[part] - b[part];
  }
  if (a.prerelease === b.prerelease) return 0;
  if (!a.prerelease) return 1; // 2.0.0 > 2.0.0-rc.1
  if (!b.prerelease) return -1;
  return a.prerelease < b.prerelease ? -1 : 1;
}

/**
 * Whether `to` is allowed to carry breaking changes after `from`: a higher major;
 * before 1.0.0, a higher minor (semver: anything may change in 0.x).
 */
export function isMajorRaise(from: Version, to: Version): boolean {
  if (from.major === 0 && to.major === 0) return to.minor > from.minor;
  return to.major > from.major;
}

export function nextMajor(from: Version): string {
  return from.major === 0 ? `0.${from.minor + 1}.0` : `${from.major + 1}.0.0`;
}
