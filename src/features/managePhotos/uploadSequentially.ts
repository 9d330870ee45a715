export interface UploadOutcome {
  succeeded: number;
  failed: string[];
}

/**
 * Sends one file at a time: a failed file is reported and the next one
 * still goes; progress is the rounded percentage of files done, reported after each file.
 */
export async function uploadSequentially(
  files: readonly File[],
  uploadOne: (file: File) => Promise<unknown>,
  report: { onProgress: (percent: number) => void; onFailure: (file: File, error: unknown) => void },
): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { succeeded: 0, failed: [] };
  for (const [index, file] of files.entries()) {
    try {
      await uploadOne(file);
      outcome.succeeded += 1;
    } catch (error) {
      outcome.failed.push(file.name);
      report.onFailure(file, error);
    }
    report.onProgress(Math.round(((index + 1) / files.length) * 100));
  }
  return outcome;
}

export function uploadSummary({ succeeded, failed }: UploadOutcome): string {
  return failed.length === 0
    ? `Successfully uploaded ${succeeded} image(s)!`
    : `Finished uploading. ${succeeded} succeeded, ${failed.length} failed. Check errors.`;
}
