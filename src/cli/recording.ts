// What the commands print when a recording ends: what was written and replaced, what the
// in-memory check replaced (field paths, never values), what was not recorded and why.
// Exit code 1 when an exchange was not recorded (a disk that refused a write).
import type { RecordingSummary } from '../record/recorder.ts';

/** `1 exchange`, `2 exchanges`. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function reportRecording(summary: RecordingSummary): number {
  const { counts } = summary;
  console.log(
    `Recorded ${counted(summary.exchanges, 'exchange')} into ${summary.dir}: replaced ${counted(counts.credentials, 'credential')}, ${counted(counts.personal, 'personal value')}, ${counted(counts.identifiers, 'identifier')}, ${counted(counts.unclassified, 'other value')} (free text, unknown fields and keys).`,
  );
  if (summary.unparsed > 0)
    console.log(`${counted(summary.unparsed, 'answer')} not readable as JSON recorded without a body (status, media type and size kept).`);
  for (const found of summary.replaced)
    console.error(`✗ replaced in ${found.file}: the in-memory check found a secret at ${found.field} (the answer is kept)`);
  if (summary.notRecorded.count > 0) {
    const reasons = Object.entries(summary.notRecorded.reasons)
      .map(([reason, n]) => `${reason}: ${n}`)
      .join(', ');
    console.error(
      `✗ ${counted(summary.notRecorded.count, 'exchange')} not recorded (${reasons})${summary.stopped ? `: the recording stopped on ${summary.stopped.code} at ${summary.stopped.path}` : ''}.`,
    );
  }
  return summary.notRecorded.count > 0 || summary.stopped ? 1 : 0;
}
