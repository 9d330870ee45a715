import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import type { ProfileLink } from '@/contract/content';
import { CONTENT_LIMITS, CONTENT_MESSAGES, type ContentProblems, isEmailAddress } from '@/contract/contentRules';
import { paths } from '@/contract/paths';
import type { SetupInput } from '@/contract/setup';
import { SETUP_MESSAGES } from '@/contract/setupRules';
import { failureMessage, fieldProblems } from '@/lib/api/errors';
import { useUploadImageMutation } from '@/lib/api/imagesManageApi';
import { useCompleteSetupMutation, useGetSetupStatusQuery } from '@/lib/api/setupApi';
import { PathLink } from '@/lib/PathLink';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import {
  Alert,
  ButtonLink,
  FileField,
  FormAlert,
  type FormMessage,
  Group,
  LoadingText,
  Muted,
  Page,
  ProfileLinksFields,
  Row,
  SubmitButton,
  TextAreaField,
  TextField,
  useFields,
} from '@/ui';

import { markSetupOffered } from './offered';

const Choice = styled.label`
  display: flex;
  gap: ${theme.space[3]};
  align-items: flex-start;
  margin: 0 0 ${theme.space[3]};
  font-family: ${theme.fonts.ui};
  cursor: pointer;
  input {
    margin-top: ${theme.space[1]};
    width: 20px;
    height: 20px;
    flex: none;
  }
  strong {
    display: block;
  }
  span span {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }
`;

const Narrow = styled.div`
  max-width: 42rem;
`;

const MESSAGES = {
  problems: 'Please correct the fields marked below.',
  failed: 'The site could not be set up.',
  photoFailed: 'The photo could not be uploaded.',
} as const;

/** The fields every setup needs, with their limits. */
const REQUIRED = { name: CONTENT_LIMITS.name, role: CONTENT_LIMITS.role, email: CONTENT_LIMITS.email, tagline: CONTENT_LIMITS.tagline };
type RequiredField = keyof typeof REQUIRED;

/** The checks the form can make before sending; the server makes them all again, with the same messages. */
function problemsOf(fields: Record<RequiredField, string>): ContentProblems {
  const problems: ContentProblems = {};
  for (const [field, limit] of Object.entries(REQUIRED)) {
    const value = fields[field as RequiredField].trim();
    if (!value) problems[field] = [CONTENT_MESSAGES.blank];
    else if (value.length > limit) problems[field] = [CONTENT_MESSAGES.maxLength(limit)];
  }
  if (!problems.email && !isEmailAddress(fields.email.trim())) problems.email = [CONTENT_MESSAGES.email];
  return problems;
}

/**
 * The owner's first setup: who they are (written once, shown wherever the site names them) and
 * whether the example words stay, marked as example until edited, or go.
 */
export function SetupPage() {
  useDocumentTitle('Set up your site');
  const status = useGetSetupStatusQuery();
  const navigate = useNavigate();
  const [completeSetup, saving] = useCompleteSetupMutation();
  const [uploadImage, uploading] = useUploadImageMutation();
  const { fields, bind } = useFields({ name: '', role: '', email: '', tagline: '' });
  const [profiles, setProfiles] = useState<ProfileLink[]>([]);
  const [photo, setPhoto] = useState<File | null>(null);
  // Kept once sent, so that trying again after a refusal does not upload the photo twice.
  const [photoId, setPhotoId] = useState<number | null>(null);
  const [start, setStart] = useState<SetupInput['start']>('example');
  const [problems, setProblems] = useState<ContentProblems>({});
  const [message, setMessage] = useState<FormMessage | null>(null);
  const busy = saving.isLoading || uploading.isLoading;

  // Whoever opens the screen has been offered it: the layout sends nobody here again this visit.
  useEffect(() => markSetupOffered(), []);

  async function uploadedPhoto(): Promise<number | null> {
    if (!photo || photoId !== null) return photoId;
    const body = new FormData();
    body.append('image', photo);
    body.append('title', `${fields.name.trim()} - photo`);
    const image = await uploadImage(body).unwrap();
    setPhotoId(image.id);
    return image.id;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = problemsOf(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return setMessage({ tone: 'error', text: MESSAGES.problems });
    let photoOfLibrary: number | null;
    try {
      photoOfLibrary = await uploadedPhoto();
    } catch (error) {
      return setMessage({ tone: 'error', text: failureMessage(MESSAGES.photoFailed, error, ['image', 'detail']) });
    }
    const sent = profiles.filter((profile) => profile.url.trim() !== '');
    try {
      await completeSetup({
        name: fields.name.trim(),
        role: fields.role.trim(),
        email: fields.email.trim(),
        tagline: fields.tagline.trim(),
        photo: photoOfLibrary,
        profiles: sent,
        start,
      }).unwrap();
      navigate(paths.dashboard, { replace: true, state: { setUp: true } });
    } catch (error) {
      const problems = fieldProblems<ContentProblems>(error);
      if (problems) {
        setProblems(problems);
        setMessage({ tone: 'error', text: MESSAGES.problems });
      } else setMessage({ tone: 'error', text: failureMessage(MESSAGES.failed, error) });
    }
  }

  const errorOf = (field: string) => problems[field]?.[0];
  // A required field: marked so, held to its limit, showing its first problem.
  const required = (field: RequiredField) => ({ required: true, maxLength: REQUIRED[field], error: errorOf(field), ...bind(field) });

  if (status.isLoading) return <LoadingText>Loading...</LoadingText>;
  if (status.data?.needed && !status.data.allowed)
    return (
      <Page>
        <h1>Set up your site</h1>
        <Alert tone="info">{SETUP_MESSAGES.ownerOnly}</Alert>
      </Page>
    );
  if (status.data && !status.data.needed)
    return (
      <Page>
        <h1>Set up your site</h1>
        <Alert tone="info">{SETUP_MESSAGES.done}</Alert>
        <ButtonLink as={PathLink} to={paths.siteContent}>
          Edit site content
        </ButtonLink>
      </Page>
    );
  return (
    <Page>
      <Narrow>
        <h1>Set up your site</h1>
        <Muted>
          The site starts out speaking as an example researcher. Tell it who you are: your name, email and profiles are written once here and shown wherever the
          site names you. You can change all of it later under Edit site content.
        </Muted>
        <FormAlert message={message} onDismiss={() => setMessage(null)} />
        <form aria-label="Site setup" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Group legend="About you">
            <TextField label="Name" autoComplete="name" {...required('name')} />
            <TextField label="Title" hint="Shown under your name, e.g. Quantitative Researcher." autoComplete="organization-title" {...required('role')} />
            <TextField label="Email" type="email" hint="Visitors write to it; the CV and the footer show it." autoComplete="email" {...required('email')} />
            <TextAreaField label="Tagline" hint="One or two sentences under your name on the home page." {...required('tagline')} />
            <FileField
              label="Photo (optional)"
              accept="image/*"
              hint="Joins the photo library and appears in link previews of the site."
              error={errorOf('photo')}
              onFile={(file) => {
                setPhoto(file);
                setPhotoId(null);
              }}
            />
          </Group>
          <ProfileLinksFields profiles={profiles} problems={problems} onChange={setProfiles} />
          <Group legend="The example words">
            <Choice>
              <input type="radio" name="start" value="example" checked={start === 'example'} onChange={() => setStart('example')} />
              <span>
                <strong>Keep the example to edit</strong>
                <span>The biography, CV, quotes and cards stay, marked Example content in the editor until you change them.</span>
              </span>
            </Choice>
            <Choice>
              <input type="radio" name="start" value="empty" checked={start === 'empty'} onChange={() => setStart('empty')} />
              <span>
                <strong>Start empty</strong>
                <span>The example words go: no biography, CV entries or quotes until you write yours.</span>
              </span>
            </Choice>
          </Group>
          <Row>
            <SubmitButton busy={busy} busyText="Setting up...">
              Set up the site
            </SubmitButton>
            <ButtonLink as={PathLink} to={paths.dashboard} $variant="ghost">
              Later
            </ButtonLink>
          </Row>
        </form>
      </Narrow>
    </Page>
  );
}
