import { useEffect, useState } from 'react';
import styled from 'styled-components';

import type { BodyProblem, Preview } from '@/contract/notes';
import { failureMessage, fieldMessage } from '@/lib/api/errors';
import { usePreviewNoteMutation } from '@/lib/api/notesManageApi';
import { theme } from '@/lib/theme/themes';
import { Alert, MathStyles, Muted, NoteProse, Prose } from '@/ui';

import { NOTE_EDITOR_MESSAGES } from './messages';

/** How long typing must pause before the server renders the body again. */
const PREVIEW_DELAY_MS = 600;

/** A problem as the server words it in a refused save. */
const problemLine = ({ line, message }: BodyProblem) => (line ? `Line ${line}: ${message}` : message);

const Panel = styled.div`
  min-height: 12rem;
  padding: ${theme.space[4]} ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  @media (max-width: ${theme.breakpoints.phone}) {
    padding: ${theme.space[3]};
  }
`;

const Problems = styled.ul`
  margin: ${theme.space[2]} 0 0;
  padding-left: ${theme.space[5]};
`;

/** The server's rendering of `body`, asked for once typing pauses; an earlier answer stays up meanwhile. */
function usePreview(body: string) {
  const [render] = usePreviewNoteMutation();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    let request: ReturnType<typeof render> | undefined;
    const timer = window.setTimeout(
      () => {
        if (!body.trim()) {
          setPreview(null);
          setFailure(null);
          return;
        }
        request = render(body);
        request
          .unwrap()
          .then((answer) => {
            if (!current) return;
            setPreview(answer);
            setFailure(null);
          })
          .catch((error: unknown) => {
            // The body's own limit comes back as a field message; anything else is a failed call.
            if (current) setFailure(fieldMessage(error, ['body']) ?? failureMessage(NOTE_EDITOR_MESSAGES.previewFailed, error));
          });
      },
      body.trim() ? PREVIEW_DELAY_MS : 0,
    );
    return () => {
      // A newer body replaces this one: its answer, if it still comes, is not shown.
      current = false;
      window.clearTimeout(timer);
      request?.abort();
    };
  }, [body, render]);
  return { preview, failure };
}

/** The note as visitors will see it, rendered by the server as the owner writes, with what a save would refuse. */
export function NotePreview({ body, headingId }: { body: string; headingId: string }) {
  const { preview, failure } = usePreview(body);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Preview</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      {preview && preview.problems.length > 0 && (
        <Alert tone="info">
          Put these right before saving:
          <Problems>
            {preview.problems.map((problem, index) => (
              <li key={index}>{problemLine(problem)}</li>
            ))}
          </Problems>
        </Alert>
      )}
      <Panel>
        {preview ? (
          <>
            <Muted>About {preview.reading_minutes} min to read</Muted>
            {/* The public page's column width, so that lines break where visitors will see them break. */}
            <Prose>
              <MathStyles html={preview.html} />
              <NoteProse $onSurface dangerouslySetInnerHTML={{ __html: preview.html }} />
            </Prose>
          </>
        ) : (
          <Muted>The preview appears here as you write.</Muted>
        )}
      </Panel>
    </section>
  );
}
