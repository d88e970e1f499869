// The statuses of Part 9, in the order a new integrator should consider them.

export const STATUS_ORDER = ['official', 'mirror', 'lean', 'older', 'deprecated'] as const;

const LABELS: Record<string, string> = {
  official: 'Official',
  mirror: 'Mirror',
  lean: 'Lean',
  older: 'Older',
  deprecated: 'Deprecated',
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
