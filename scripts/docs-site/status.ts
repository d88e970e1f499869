// The statuses of Part 9, in the order a new integrator should consider them.

export const STATUS_ORDER = ['official', 'mirror', 'lean', 'older', 'deprecated'] as const;

/**
 * Not a status of Part 9: the observed flavour's page is no family of the provider
 * but payload types learnt from captured traffic, and its bar says so.
 */
export const OBSERVED_STATUS = 'observed';

const LABELS: Record<string, string> = {
  official: 'Official',
  mirror: 'Mirror',
  lean: 'Lean',
  older: 'Older',
  deprecated: 'Deprecated',
  [OBSERVED_STATUS]: 'Observed — not published by the provider',
};

export function statusLabel(status: string): string {
  return LABELS[status] ?? status;
}

/** Sort key: known statuses by STATUS_ORDER, unknown ones after them. */
export function statusRank(status: string): number {
  const index = (STATUS_ORDER as readonly string[]).indexOf(status);
  return index === -1 ? STATUS_ORDER.length : index;
}

/** A class-name-safe token for styling a status. */
export function statusToken(status: string): string {
  return status.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}
