// What the commands print when a recording ends: what was written, what was replaced, and
// each file the final check removed (its field path, never the value). Exit code 1 then.
import type { RecordingSummary } from '../record/recorder.ts';

export function reportRecording(summary: RecordingSummary): number {
  const { counts } = summary;
  console.log(
    `Recorded ${summary.exchanges} exchange${summary.exchanges === 1 ? '' : 's'} into ${summary.dir}: replaced ${counts.credentials} credentials, ${counts.personal} personal values, ${counts.identifiers} identifiers, ${counts.unclassified} unclassified values.`,
  );
  for (const leak of summary.leaks) console.error(`✗ removed ${leak.file}: a secret or personal value is still at ${leak.field}`);
  return summary.leaks.length > 0 ? 1 : 0;
}
