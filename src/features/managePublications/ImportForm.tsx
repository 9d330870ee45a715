import { useState } from 'react';
import styled from 'styled-components';

import type { ImportPlan } from '@/contract/publications';
import { failureMessage, fieldMessage } from '@/lib/api/errors';
import { useImportPublicationsMutation, usePreviewImportMutation } from '@/lib/api/publicationsManageApi';
import { theme } from '@/lib/theme/themes';
import { Button, Card, FormAlert, type FormMessage, Row, SubmitButton, TextAreaField, TextField } from '@/ui';

import { IMPORT_MESSAGES } from './importMessages';

const Plan = styled.div`
  margin: ${theme.space[4]} 0;
  h3 {
    font-size: ${theme.fontSizes.md};
    margin: ${theme.space[3]} 0 ${theme.space[1]};
  }
  ul {
    margin: 0;
    padding-left: ${theme.space[5]};
  }
`;

/** The server's problems with a file, one per line: each names the line and entry to fix. */
function problemLines(error: unknown): string[] {
  const data = (error as { data?: { bibtex?: unknown } }).data;
  return Array.isArray(data?.bibtex) ? data.bibtex.map(String) : [];
}

/** Import from a .bib file or pasted text: check first (what will be added and changed), then apply. */
export function ImportForm() {
  const [text, setText] = useState('');
  const [fileKey, setFileKey] = useState(0);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [preview, previewing] = usePreviewImportMutation();
  const [apply, applying] = useImportPublicationsMutation();

  const fail = (failure: string, error: unknown) => {
    const lines = problemLines(error);
    setMessage({ tone: 'error', text: lines.length > 0 ? [failure, ...lines] : failureMessage(failure, error, ['bibtex', 'detail']) });
  };

  const check = async () => {
    setPlan(null);
    if (!text.trim()) return setMessage({ tone: 'error', text: IMPORT_MESSAGES.noText });
    try {
      const found = await preview({ bibtex: text }).unwrap();
      setMessage(found.added.length + found.updated.length === 0 ? { tone: 'info', text: IMPORT_MESSAGES.nothingToDo } : null);
      setPlan(found);
    } catch (error) {
      fail(IMPORT_MESSAGES.checkFailed, error);
    }
  };

  const confirm = async () => {
    try {
      const done = await apply({ bibtex: text }).unwrap();
      setMessage({ tone: 'success', text: IMPORT_MESSAGES.imported(done) });
      setPlan(null);
      setText('');
      setFileKey((key) => key + 1);
    } catch (error) {
      fail(fieldMessage(error, ['bibtex']) ? IMPORT_MESSAGES.checkFailed : IMPORT_MESSAGES.importFailed, error);
    }
  };

  return (
    <Card as="section" aria-labelledby="import-heading">
      <h2 id="import-heading">Import BibTeX</h2>
      <FormAlert message={message} onDismiss={() => setMessage(null)} />
      <form
        aria-label="Import BibTeX"
        onSubmit={(event) => {
          event.preventDefault();
          void check();
        }}
      >
        <TextField
          key={fileKey}
          label="BibTeX file"
          hint="Entries are matched by citation key: new keys are added, known ones updated."
          type="file"
          accept=".bib,.bibtex,.txt,text/x-bibtex,text/plain"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPlan(null);
            if (file) void file.text().then(setText);
          }}
        />
        <TextAreaField
          label="BibTeX"
          hint="Or paste entries here."
          value={text}
          rows={8}
          onChange={(event) => {
            setText(event.target.value);
            setPlan(null);
          }}
        />
        <SubmitButton busy={previewing.isLoading} busyText="Checking...">
          Check import
        </SubmitButton>
      </form>
      {plan && plan.added.length + plan.updated.length > 0 && (
        <Plan aria-label="What the import will do">
          {plan.added.length > 0 && (
            <>
              <h3>Will add {plan.added.length}</h3>
              <ul>
                {plan.added.map((entry) => (
                  <li key={entry.cite_key}>
                    {entry.title} <code>{entry.cite_key}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
          {plan.updated.length > 0 && (
            <>
              <h3>Will update {plan.updated.length}</h3>
              <ul>
                {plan.updated.map((entry) => (
                  <li key={entry.cite_key}>
                    {entry.title} <code>{entry.cite_key}</code>: {entry.changes.join(', ')}
                  </li>
                ))}
              </ul>
            </>
          )}
          {plan.unchanged.length > 0 && <p>Unchanged: {plan.unchanged.length}</p>}
          <Row>
            <Button onClick={() => void confirm()} disabled={applying.isLoading}>
              {applying.isLoading ? 'Importing...' : 'Import'}
            </Button>
            <Button $variant="secondary" onClick={() => setPlan(null)}>
              Cancel
            </Button>
          </Row>
        </Plan>
      )}
    </Card>
  );
}
